// Written by `npm run generate:client-table` from the route table and the error catalogue
// (packages/contracts/src/client-table.ts): do not edit.
import type * as contract from '../index.ts';
import type { RouteRefs } from '../routes/paths.ts';

export const identityChangesBackofficeRoutes = {
  getBackofficeCustomersByIdIdentityChangeRequests: { method: 'GET', path: '/api/backoffice/customers/:id/identity-change-requests', auth: { operator: ['admin', 'compliance', 'support'] } },
  getBackofficeIdentityChangeRequestsByIdDocument: { method: 'GET', path: '/api/backoffice/identity-change-requests/:id/document', auth: { operator: ['admin', 'compliance'] } },
  postBackofficeIdentityChangeRequestsByIdAccept: { method: 'POST', path: '/api/backoffice/identity-change-requests/:id/accept', auth: { operator: ['admin', 'compliance'] } },
  postBackofficeIdentityChangeRequestsByIdReject: { method: 'POST', path: '/api/backoffice/identity-change-requests/:id/reject', auth: { operator: ['admin', 'compliance'] } },
} as unknown as RouteRefs<typeof contract.identityChangesBackofficeRoutes>;
