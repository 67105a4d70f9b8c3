// Written by `npm run generate:client-table` from the route table and the error catalogue
// (packages/contracts/src/client-table.ts): do not edit.
import type * as contract from '../index.ts';
import type { RouteRefs } from '../routes/paths.ts';

export const authRoutes = {
  postAuthLogin: { method: 'POST', path: '/api/auth/login' },
  postAuthLoginSecondFactor: { method: 'POST', path: '/api/auth/login/second-factor' },
  postAuthLogout: { method: 'POST', path: '/api/auth/logout' },
  getSession: { method: 'GET', path: '/api/session' },
  getMe: { method: 'GET', path: '/api/me' },
  patchMe: { method: 'PATCH', path: '/api/me' },
  postAuthEmailChangeConfirm: { method: 'POST', path: '/api/auth/email-change/confirm' },
  postAuthPasswordReset: { method: 'POST', path: '/api/auth/password-reset' },
  postAuthPasswordResetConfirm: { method: 'POST', path: '/api/auth/password-reset/confirm' },
} as unknown as RouteRefs<typeof contract.authRoutes>;
