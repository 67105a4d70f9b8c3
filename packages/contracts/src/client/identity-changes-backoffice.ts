// Written by `npm run generate:client-table` from the route table and the error catalogue
// (packages/contracts/src/client-table.ts): do not edit.
import type * as contract from '../index.ts';
import type { RouteRefs } from '../routes/paths.ts';

export const identityChangesBackofficeRoutes = {
  getBackofficeCustomersByIdIdentityChangeRequests: { method: 'GET', path: '/api/backoffice/customers/:id/identity-change-requests' },
  getBackofficeIdentityChangeRequestsByIdDocument: { method: 'GET', path: '/api/backoffice/identity-change-requests/:id/document' },
  postBackofficeIdentityChangeRequestsByIdAccept: { method: 'POST', path: '/api/backoffice/identity-change-requests/:id/accept' },
  postBackofficeIdentityChangeRequestsByIdReject: { method: 'POST', path: '/api/backoffice/identity-change-requests/:id/reject' },
} as unknown as RouteRefs<typeof contract.identityChangesBackofficeRoutes>;
