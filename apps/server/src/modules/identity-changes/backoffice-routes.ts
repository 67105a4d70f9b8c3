import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type OperatorRole, routes } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { sendStoredFile } from '../../http/stored-file.ts';
import { actingOperator, operatorGuard } from '../../http/operator-guard.ts';
import { acceptIdentityChange } from './accept-service.ts';
import { listIdentityChangesForOperator } from './list-service.ts';
import { rejectIdentityChange } from './reject-service.ts';
import { viewIdentityDocument } from './view-file-service.ts';
import { registerRoute } from '../../http/register-route.ts';

/** Who sees the supporting documents and decides (docs/product/back-office.md#customers); support reads the list only. */
export const IDENTITY_CHANGE_DECIDERS: readonly OperatorRole[] = ['admin', 'compliance'];
/** The operators' side of identity change requests, mounted under /api/backoffice. */
export const identityChangeBackofficeRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const anyOperator = operatorGuard(ctx);
    const deciders = operatorGuard(ctx, IDENTITY_CHANGE_DECIDERS);

    registerRoute(
      app,
      routes.getBackofficeCustomersByIdIdentityChangeRequests,
      { preHandler: anyOperator },
      (request) => listIdentityChangesForOperator(ctx, request.params.id),
    );

    registerRoute(
      app,
      routes.getBackofficeIdentityChangeRequestsByIdDocument,
      { preHandler: deciders },
      async (request, reply) => {
        const file = await viewIdentityDocument(ctx, actingOperator(request), request.params.id);
        return sendStoredFile(reply, file);
      },
    );

    registerRoute(
      app,
      routes.postBackofficeIdentityChangeRequestsByIdAccept,
      { preHandler: deciders },
      (request) => acceptIdentityChange(ctx, actingOperator(request), request.params.id, request.body ?? {}),
    );

    registerRoute(
      app,
      routes.postBackofficeIdentityChangeRequestsByIdReject,
      { preHandler: deciders },
      (request) => rejectIdentityChange(ctx, actingOperator(request), request.params.id, request.body.reason),
    );
  };
