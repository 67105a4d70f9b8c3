import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MAX_DOCUMENT_BYTES, routes } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { actingCustomer } from '../../http/customer-guard.ts';
import { listCustomerRequests } from './list-requests-service.ts';
import { uploadRequestDocument } from './upload-service.ts';
import { readRequestFile } from './upload-request.ts';
import { registerRoute } from '../../http/register-route.ts';

const UPLOAD_LIMIT = { max: 30, timeWindow: '10 minutes' } as const;

/** The customer's side of document requests (docs/product/statements-and-documents.md#documents-the-bank-asks-for), mounted under /api. */
export const documentRequestRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // Only for this plugin's routes; the stream is cut at 10 MB, whatever the client claims.
    await app.register(multipart, {
      limits: { fileSize: MAX_DOCUMENT_BYTES, files: 1, fields: 4, parts: 5 },
    });

    registerRoute(app, routes.getDocumentRequests, (request) =>
      listCustomerRequests(ctx, actingCustomer(request)),
    );

    registerRoute(
      app,
      routes.postDocumentRequestsByIdDocuments,
      { config: { rateLimit: ctx.config.rateLimits ? { ...UPLOAD_LIMIT } : (false as const) } },
      async (request, reply) => {
        const bytes = await readRequestFile(request);
        const updated = await uploadRequestDocument(ctx, actingCustomer(request), request.params.id, bytes);
        return reply.status(201).send(updated);
      },
    );
  };
