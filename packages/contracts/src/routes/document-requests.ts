import { z } from 'zod';
import { DocumentRequest } from '../document-requests.ts';
import { Problem } from '../problem.ts';
import { defineRoute, problems } from './define-route.ts';

const IdParams = z.object({ id: z.string().max(64) });

/** The routes of document-requests/routes.ts. */
export const documentRequestsRoutes = {
  getDocumentRequests: defineRoute({
    method: 'GET',
    path: '/api/document-requests',
    auth: 'customer-any-status',
    tags: ['profile'],
    summary: 'The documents the bank asks for: open and under review, and the decisions of the last 90 days',
    response: { 200: z.array(DocumentRequest), 401: Problem },
  }),
  postDocumentRequestsByIdDocuments: defineRoute({
    method: 'POST',
    path: '/api/document-requests/:id/documents',
    auth: 'customer-any-status',
    tags: ['profile'],
    summary:
      'Send the requested document: multipart/form-data, one `file` (JPEG, PNG, HEIC or PDF, ≤ 10 MB); open → submitted',
    consumes: ['multipart/form-data'],
    params: IdParams,
    response: {
      201: DocumentRequest,
      ...problems(400, 401, 404, 409, 413, 415, 429, 503),
    },
  }),
} as const;
