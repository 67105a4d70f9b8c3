// Written by `npm run generate:client-table` from the route table and the error catalogue
// (packages/contracts/src/client-table.ts): do not edit.
import type * as contract from '../index.ts';
import type { RouteRefs } from '../routes/paths.ts';

export const reviewRoutes = {
  getBackofficeCustomers: { method: 'GET', path: '/api/backoffice/customers', auth: { operator: ['admin', 'compliance', 'support'] } },
  getBackofficeCustomersById: { method: 'GET', path: '/api/backoffice/customers/:id', auth: { operator: ['admin', 'compliance', 'support'] } },
  patchBackofficeCustomersById: { method: 'PATCH', path: '/api/backoffice/customers/:id', auth: { operator: ['admin', 'compliance'] } },
  postBackofficeCustomersByIdApprove: { method: 'POST', path: '/api/backoffice/customers/:id/approve', auth: { operator: ['admin', 'compliance'] } },
  postBackofficeCustomersByIdRequestCorrections: { method: 'POST', path: '/api/backoffice/customers/:id/request-corrections', auth: { operator: ['admin', 'compliance'] } },
  postBackofficeCustomersByIdReject: { method: 'POST', path: '/api/backoffice/customers/:id/reject', auth: { operator: ['admin', 'compliance'] } },
  getBackofficeCustomersByIdDocuments: { method: 'GET', path: '/api/backoffice/customers/:id/documents', auth: { operator: ['admin', 'compliance'] } },
  getBackofficeDocumentsById: { method: 'GET', path: '/api/backoffice/documents/:id', auth: { operator: ['admin', 'compliance'] } },
} as unknown as RouteRefs<typeof contract.reviewRoutes>;
