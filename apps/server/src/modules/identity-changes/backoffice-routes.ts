import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { sendStoredFile } from '../../http/stored-file.ts';
import { actingOperator } from '../../http/operator-guard.ts';
import { acceptIdentityChange } from './accept-service.ts';
import { listIdentityChangesForOperator } from './list-service.ts';
import { rejectIdentityChange } from './reject-service.ts';
import { viewIdentityDocument } from './view-file-service.ts';
import { registerRoute } from '../../http/register-route.ts';

/** The operators' side of identity change requests, mounted under /api/backoffice. */
export const identityChangeBackofficeRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    registerRoute(app, routes.getBackofficeCustomersByIdIdentityChangeRequests, (request) =>
      listIdentityChangesForOperator(ctx, request.params.id),
    );

    registerRoute(app, routes.getBackofficeIdentityChangeRequestsByIdDocument, async (request, reply) => {
      const file = await viewIdentityDocument(ctx, actingOperator(request), request.params.id);
      return sendStoredFile(reply, file);
    });

    registerRoute(app, routes.postBackofficeIdentityChangeRequestsByIdAccept, (request) =>
      acceptIdentityChange(ctx, actingOperator(request), request.params.id, request.body ?? {}),
    );

    registerRoute(app, routes.postBackofficeIdentityChangeRequestsByIdReject, (request) =>
      rejectIdentityChange(ctx, actingOperator(request), request.params.id, request.body.reason),
    );
  };
