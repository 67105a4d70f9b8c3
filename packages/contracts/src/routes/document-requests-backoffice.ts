import { z } from 'zod';
import {
  BackofficeDocumentRequest,
  CreateDocumentRequest,
  DocumentRequestDecision,
  RejectDocumentRequest,
} from '../document-requests.ts';
import { Problem } from '../problem.ts';
import { defineRoute } from './define-route.ts';

const IdParams = z.object({ id: z.string().max(64) });

const FileParams = z.object({ id: z.string().max(64), docId: z.string().max(64) });

/**
 * The routes of document-requests/backoffice-routes.ts. Admin and compliance ask for documents,
 * see them and decide (docs/product/back-office.md#roles); support does not.
 */
export const documentRequestsBackofficeRoutes = {
  getBackofficeCustomersByIdDocumentRequests: defineRoute({
    method: 'GET',
    path: '/api/backoffice/customers/:id/document-requests',
    auth: { operator: ['admin', 'compliance'] },
    tags: ['backoffice'],
    summary: 'The customer’s document requests, newest first, with the files sent (admin, compliance)',
    params: IdParams,
    response: { 200: z.array(BackofficeDocumentRequest), 401: Problem, 403: Problem, 404: Problem },
  }),
  postBackofficeCustomersByIdDocumentRequests: defineRoute({
    method: 'POST',
    path: '/api/backoffice/customers/:id/document-requests',
    auth: { operator: ['admin', 'compliance'] },
    tags: ['backoffice'],
    summary: 'Ask the customer for a document, optionally blocking outgoing payments (mailed; audited)',
    params: IdParams,
    body: CreateDocumentRequest,
    response: {
      201: BackofficeDocumentRequest,
      400: Problem,
      401: Problem,
      403: Problem,
      404: Problem,
      409: Problem,
    },
  }),
  getBackofficeDocumentRequestsByIdDocumentsByDocId: defineRoute({
    method: 'GET',
    path: '/api/backoffice/document-requests/:id/documents/:docId',
    auth: { operator: ['admin', 'compliance'] },
    tags: ['backoffice'],
    summary: 'One file sent for a request, decrypted (attachment; every view is audited)',
    params: FileParams,
    produces: ['image/jpeg', 'image/png', 'image/heic', 'application/pdf'],
    response: {
      200: z.unknown().meta({ description: 'The file (binary)' }),
      401: Problem,
      403: Problem,
      404: Problem,
    },
  }),
  postBackofficeDocumentRequestsByIdAccept: defineRoute({
    method: 'POST',
    path: '/api/backoffice/document-requests/:id/accept',
    auth: { operator: ['admin', 'compliance'] },
    tags: ['backoffice'],
    summary: 'Accept the document sent: the request is closed and its hold lifted (audited)',
    params: IdParams,
    response: { 200: DocumentRequestDecision, 401: Problem, 403: Problem, 404: Problem, 409: Problem },
  }),
  postBackofficeDocumentRequestsByIdReject: defineRoute({
    method: 'POST',
    path: '/api/backoffice/document-requests/:id/reject',
    auth: { operator: ['admin', 'compliance'] },
    tags: ['backoffice'],
    summary:
      'Reject the document sent with a reason: a new request (same kind and blocking) replaces it (mailed; audited)',
    params: IdParams,
    body: RejectDocumentRequest,
    response: {
      200: DocumentRequestDecision,
      400: Problem,
      401: Problem,
      403: Problem,
      404: Problem,
      409: Problem,
    },
  }),
} as const;
