// Written by `npm run generate:client-table` from the route table and the error catalogue
// (packages/contracts/src/client-table.ts): do not edit.
import type * as contract from '../index.ts';
import type { RouteRefs } from '../routes/paths.ts';

export const sessionsRoutes = {
  getMeSessions: { method: 'GET', path: '/api/me/sessions', auth: 'customer-any-status' },
  deleteMeSessionsById: { method: 'DELETE', path: '/api/me/sessions/:id', auth: 'customer-any-status' },
  deleteMeSessions: { method: 'DELETE', path: '/api/me/sessions', auth: 'customer-any-status' },
} as unknown as RouteRefs<typeof contract.sessionsRoutes>;
