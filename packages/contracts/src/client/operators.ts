// Written by `npm run generate:client-table` from the route table and the error catalogue
// (packages/contracts/src/client-table.ts): do not edit.
import type * as contract from '../index.ts';
import type { RouteRefs } from '../routes/paths.ts';

export const operatorsRoutes = {
  postBackofficeAuthLogin: { method: 'POST', path: '/api/backoffice/auth/login', auth: 'public' },
  postBackofficeAuthLoginTotp: { method: 'POST', path: '/api/backoffice/auth/login/totp', auth: 'public' },
  postBackofficeAuthLogout: { method: 'POST', path: '/api/backoffice/auth/logout', auth: 'public' },
  getBackofficeAuthMe: { method: 'GET', path: '/api/backoffice/auth/me', auth: { operator: ['admin', 'compliance', 'support'] } },
  getBackofficeAuditLog: { method: 'GET', path: '/api/backoffice/audit-log', auth: { operator: ['admin', 'compliance'] } },
  getBackofficeAuditLogVerify: { method: 'GET', path: '/api/backoffice/audit-log/verify', auth: { operator: ['admin', 'compliance'] } },
} as unknown as RouteRefs<typeof contract.operatorsRoutes>;
