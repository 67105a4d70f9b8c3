import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BackofficeDocumentRequest,
  CreateDocumentRequest,
  DocumentRequestDecision,
  Problem,
  RejectDocumentRequest,
  type OperatorRole,
} from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { actingOperator, operatorGuard } from '../operators/guard.ts';
import { createDocumentRequest } from './create-request-service.ts';
import { listRequestsForOperator } from './customer-requests-service.ts';
import { acceptDocumentRequest } from './accept-request-service.ts';
import { rejectDocumentRequest } from './reject-request-service.ts';
import { viewRequestFile } from './view-file-service.ts';

/** Who asks for documents, sees them and decides (SPEC §7): support does not. */
export const DOCUMENT_REQUEST_ROLES: readonly OperatorRole[] = ['admin', 'compliance'];
const IdParams = z.object({ id: z.string().max(64) });
const FileParams = z.object({ id: z.string().max(64), docId: z.string().max(64) });

/** The operators' side of document requests and holds, mounted under /api/backoffice. */
export const documentRequestBackofficeRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const compliance = operatorGuard(ctx, DOCUMENT_REQUEST_ROLES);

    app.get(
      '/customers/:id/document-requests',
      {
        preHandler: compliance,
        schema: {
          tags: ['backoffice'],
          summary: 'The customer’s document requests, newest first, with the files sent (admin, compliance)',
          params: IdParams,
          response: { 200: z.array(BackofficeDocumentRequest), 401: Problem, 403: Problem, 404: Problem },
        },
      },
      (request) => listRequestsForOperator(ctx, request.params.id),
    );

    app.post(
      '/customers/:id/document-requests',
      {
        preHandler: compliance,
        schema: {
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
        },
      },
      async (request, reply) => {
        const created = await createDocumentRequest(
          ctx,
          actingOperator(request),
          request.params.id,
          request.body,
        );
        return reply.status(201).send(created);
      },
    );

    app.get(
      '/document-requests/:id/documents/:docId',
      {
        preHandler: compliance,
        schema: {
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
        },
      },
      async (request, reply) => {
        const file = await viewRequestFile(
          ctx,
          actingOperator(request),
          request.params.id,
          request.params.docId,
        );
        return reply
          .header('content-type', file.mime)
          .header('content-disposition', `attachment; filename="${file.filename}"`)
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'; sandbox")
          .header('cache-control', 'no-store')
          .send(file.bytes);
      },
    );

    app.post(
      '/document-requests/:id/accept',
      {
        preHandler: compliance,
        schema: {
          tags: ['backoffice'],
          summary: 'Accept the document sent: the request is closed and its hold lifted (audited)',
          params: IdParams,
          response: { 200: DocumentRequestDecision, 401: Problem, 403: Problem, 404: Problem, 409: Problem },
        },
      },
      (request) => acceptDocumentRequest(ctx, actingOperator(request), request.params.id),
    );

    app.post(
      '/document-requests/:id/reject',
      {
        preHandler: compliance,
        schema: {
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
        },
      },
      (request) =>
        rejectDocumentRequest(ctx, actingOperator(request), request.params.id, request.body.reason),
    );
  };
