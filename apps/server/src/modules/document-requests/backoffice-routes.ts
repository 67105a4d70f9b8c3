import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { sendStoredFile } from '../../http/stored-file.ts';
import { actingOperator } from '../../http/operator-guard.ts';
import { createDocumentRequest } from './create-request-service.ts';
import { listRequestsForOperator } from './customer-requests-service.ts';
import { acceptDocumentRequest } from './accept-request-service.ts';
import { rejectDocumentRequest } from './reject-request-service.ts';
import { viewRequestFile } from './view-file-service.ts';
import { registerRoute } from '../../http/register-route.ts';

/** The operators' side of document requests and holds, mounted under /api/backoffice. */
export const documentRequestBackofficeRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    registerRoute(app, routes.getBackofficeCustomersByIdDocumentRequests, (request) =>
      listRequestsForOperator(ctx, request.params.id),
    );

    registerRoute(app, routes.postBackofficeCustomersByIdDocumentRequests, async (request, reply) => {
      const created = await createDocumentRequest(
        ctx,
        actingOperator(request),
        request.params.id,
        request.body,
      );
      return reply.status(201).send(created);
    });

    registerRoute(app, routes.getBackofficeDocumentRequestsByIdDocumentsByDocId, async (request, reply) => {
      const file = await viewRequestFile(
        ctx,
        actingOperator(request),
        request.params.id,
        request.params.docId,
      );
      return sendStoredFile(reply, file);
    });

    registerRoute(app, routes.postBackofficeDocumentRequestsByIdAccept, (request) =>
      acceptDocumentRequest(ctx, actingOperator(request), request.params.id),
    );

    registerRoute(app, routes.postBackofficeDocumentRequestsByIdReject, (request) =>
      rejectDocumentRequest(ctx, actingOperator(request), request.params.id, request.body.reason),
    );
  };
