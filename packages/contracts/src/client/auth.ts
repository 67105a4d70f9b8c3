// Written by `npm run generate:client-table` from the route table and the error catalogue
// (packages/contracts/src/client-table.ts): do not edit.
import type * as contract from '../index.ts';
import type { RouteRefs } from '../routes/paths.ts';

export const authRoutes = {
  postAuthLogin: { method: 'POST', path: '/api/auth/login', auth: 'public' },
  postAuthLoginSecondFactor: { method: 'POST', path: '/api/auth/login/second-factor', auth: 'login-second-factor' },
  postAuthLogout: { method: 'POST', path: '/api/auth/logout', auth: 'public' },
  getSession: { method: 'GET', path: '/api/session', auth: 'public' },
  getMe: { method: 'GET', path: '/api/me', auth: 'customer-any-status' },
  patchMe: { method: 'PATCH', path: '/api/me', auth: 'customer-any-status' },
  postAuthEmailChangeConfirm: { method: 'POST', path: '/api/auth/email-change/confirm', auth: 'public' },
  postAuthPasswordReset: { method: 'POST', path: '/api/auth/password-reset', auth: 'public' },
  postAuthPasswordResetConfirm: { method: 'POST', path: '/api/auth/password-reset/confirm', auth: 'public' },
} as unknown as RouteRefs<typeof contract.authRoutes>;
