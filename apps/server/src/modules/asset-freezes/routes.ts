import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { actingOperator } from '../../http/operator-guard.ts';
import { registerRoute } from '../../http/register-route.ts';
import { approveFreezeLift } from './approve-lift-service.ts';
import { proposeFreezeLift } from './lift-service.ts';
import { listAssetFreezes, listCustomerFreezes } from './list-service.ts';

/** Asset freezes and payee blocks (docs/screening.md#alerts-decisions-and-freezes), mounted under /api/backoffice. */
export const assetFreezeRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    registerRoute(app, routes.getBackofficeScreeningFreezes, (request) =>
      listAssetFreezes(ctx, request.query.status),
    );

    registerRoute(app, routes.getBackofficeCustomersByIdFreezes, (request) =>
      listCustomerFreezes(ctx, request.params.id),
    );

    registerRoute(app, routes.postBackofficeScreeningFreezesByIdLift, (request) =>
      proposeFreezeLift(ctx, actingOperator(request), request.params.id, request.body),
    );

    registerRoute(app, routes.postBackofficeScreeningFreezesByIdApproveLift, (request) =>
      approveFreezeLift(ctx, actingOperator(request), request.params.id),
    );
  };
