// Written by `npm run generate:client-table` from the route table and the error catalogue
// (packages/contracts/src/client-table.ts): do not edit.
import type * as contract from '../index.ts';
import type { RouteRefs } from '../routes/paths.ts';

export const documentRequestsBackofficeRoutes = {
  getBackofficeCustomersByIdDocumentRequests: { method: 'GET', path: '/api/backoffice/customers/:id/document-requests' },
  postBackofficeCustomersByIdDocumentRequests: { method: 'POST', path: '/api/backoffice/customers/:id/document-requests' },
  getBackofficeDocumentRequestsByIdDocumentsByDocId: { method: 'GET', path: '/api/backoffice/document-requests/:id/documents/:docId' },
  postBackofficeDocumentRequestsByIdAccept: { method: 'POST', path: '/api/backoffice/document-requests/:id/accept' },
  postBackofficeDocumentRequestsByIdReject: { method: 'POST', path: '/api/backoffice/document-requests/:id/reject' },
} as unknown as RouteRefs<typeof contract.documentRequestsBackofficeRoutes>;
