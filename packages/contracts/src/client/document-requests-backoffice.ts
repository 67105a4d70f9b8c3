// Written by `npm run generate:client-table` from the route table and the error catalogue
// (packages/contracts/src/client-table.ts): do not edit.
import type * as contract from '../index.ts';
import type { RouteRefs } from '../routes/paths.ts';

export const documentRequestsBackofficeRoutes = {
  getBackofficeCustomersByIdDocumentRequests: { method: 'GET', path: '/api/backoffice/customers/:id/document-requests', auth: { operator: ['admin', 'compliance'] } },
  postBackofficeCustomersByIdDocumentRequests: { method: 'POST', path: '/api/backoffice/customers/:id/document-requests', auth: { operator: ['admin', 'compliance'] } },
  getBackofficeDocumentRequestsByIdDocumentsByDocId: { method: 'GET', path: '/api/backoffice/document-requests/:id/documents/:docId', auth: { operator: ['admin', 'compliance'] } },
  postBackofficeDocumentRequestsByIdAccept: { method: 'POST', path: '/api/backoffice/document-requests/:id/accept', auth: { operator: ['admin', 'compliance'] } },
  postBackofficeDocumentRequestsByIdReject: { method: 'POST', path: '/api/backoffice/document-requests/:id/reject', auth: { operator: ['admin', 'compliance'] } },
} as unknown as RouteRefs<typeof contract.documentRequestsBackofficeRoutes>;
