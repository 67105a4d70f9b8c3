// Written by `npm run generate:client-table` from the route table and the error catalogue
// (packages/contracts/src/client-table.ts): do not edit.
import type * as contract from '../index.ts';
import type { RouteRefs } from '../routes/paths.ts';

export const operatorsRoutes = {
  postBackofficeAuthLogin: { method: 'POST', path: '/api/backoffice/auth/login' },
  postBackofficeAuthLoginTotp: { method: 'POST', path: '/api/backoffice/auth/login/totp' },
  postBackofficeAuthLogout: { method: 'POST', path: '/api/backoffice/auth/logout' },
  getBackofficeAuthMe: { method: 'GET', path: '/api/backoffice/auth/me' },
  getBackofficeAuditLog: { method: 'GET', path: '/api/backoffice/audit-log' },
  getBackofficeAuditLogVerify: { method: 'GET', path: '/api/backoffice/audit-log/verify' },
} as unknown as RouteRefs<typeof contract.operatorsRoutes>;
