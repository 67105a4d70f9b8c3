import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DocumentRequest, MAX_DOCUMENT_BYTES, Problem } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { actingCustomer, customerSession } from '../auth/guard.ts';
import { listCustomerRequests } from './list-requests-service.ts';
import { uploadRequestDocument } from './upload-service.ts';
import { readRequestFile } from './upload-request.ts';
import { problems } from '../../http/openapi-problems.ts';

const IdParams = z.object({ id: z.string().max(64) });
const UPLOAD_LIMIT = { max: 30, timeWindow: '10 minutes' } as const;

/** The customer's side of document requests (SPEC §5, §10 « profile »), mounted under /api. */
export const documentRequestRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const signedIn = customerSession(ctx);
    // Only for this plugin's routes; the stream is cut at 10 MB, whatever the client claims.
    await app.register(multipart, {
      limits: { fileSize: MAX_DOCUMENT_BYTES, files: 1, fields: 4, parts: 5 },
    });

    app.get(
      '/document-requests',
      {
        preHandler: signedIn,
        schema: {
          tags: ['profile'],
          summary:
            'The documents the bank asks for: open and under review, and the decisions of the last 90 days',
          response: { 200: z.array(DocumentRequest), 401: Problem },
        },
      },
      (request) => listCustomerRequests(ctx, actingCustomer(request)),
    );

    app.post(
      '/document-requests/:id/documents',
      {
        preHandler: signedIn,
        config: { rateLimit: ctx.config.rateLimits ? { ...UPLOAD_LIMIT } : (false as const) },
        schema: {
          tags: ['profile'],
          summary:
            'Send the requested document: multipart/form-data, one `file` (JPEG, PNG, HEIC or PDF, ≤ 10 MB); open → submitted',
          consumes: ['multipart/form-data'],
          params: IdParams,
          response: {
            201: DocumentRequest,
            ...problems(400, 401, 404, 409, 413, 415, 429, 503),
          },
        },
      },
      async (request, reply) => {
        const bytes = await readRequestFile(request);
        const updated = await uploadRequestDocument(ctx, actingCustomer(request), request.params.id, bytes);
        return reply.status(201).send(updated);
      },
    );
  };
