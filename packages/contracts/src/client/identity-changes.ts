// Written by `npm run generate:client-table` from the route table and the error catalogue
// (packages/contracts/src/client-table.ts): do not edit.
import type * as contract from '../index.ts';
import type { RouteRefs } from '../routes/paths.ts';

export const identityChangesRoutes = {
  getIdentityChangeRequests: { method: 'GET', path: '/api/identity-change-requests', auth: 'customer-any-status' },
  getIdentityChangeRequestsById: { method: 'GET', path: '/api/identity-change-requests/:id', auth: 'customer-any-status' },
  postIdentityChangeRequests: { method: 'POST', path: '/api/identity-change-requests', auth: 'customer-any-status' },
} as unknown as RouteRefs<typeof contract.identityChangesRoutes>;
