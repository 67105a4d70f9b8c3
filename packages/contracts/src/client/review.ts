// Written by `npm run generate:client-table` from the route table and the error catalogue
// (packages/contracts/src/client-table.ts): do not edit.
import type * as contract from '../index.ts';
import type { RouteRefs } from '../routes/paths.ts';

export const reviewRoutes = {
  getBackofficeCustomers: { method: 'GET', path: '/api/backoffice/customers' },
  getBackofficeCustomersById: { method: 'GET', path: '/api/backoffice/customers/:id' },
  patchBackofficeCustomersById: { method: 'PATCH', path: '/api/backoffice/customers/:id' },
  postBackofficeCustomersByIdApprove: { method: 'POST', path: '/api/backoffice/customers/:id/approve' },
  postBackofficeCustomersByIdRequestCorrections: { method: 'POST', path: '/api/backoffice/customers/:id/request-corrections' },
  postBackofficeCustomersByIdReject: { method: 'POST', path: '/api/backoffice/customers/:id/reject' },
  getBackofficeCustomersByIdDocuments: { method: 'GET', path: '/api/backoffice/customers/:id/documents' },
  getBackofficeDocumentsById: { method: 'GET', path: '/api/backoffice/documents/:id' },
} as unknown as RouteRefs<typeof contract.reviewRoutes>;
