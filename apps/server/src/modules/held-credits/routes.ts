import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { actingCustomer } from '../../http/customer-guard.ts';
import { actingOperator } from '../../http/operator-guard.ts';
import { registerRoute } from '../../http/register-route.ts';
import { approveHeldCredit } from './approve-service.ts';
import { holdBookedCredit } from './hold-service.ts';
import { getHeldCredit, listCustomerHeldCredits, listHeldCreditQueue } from './list-service.ts';
import { proposeRelease, proposeReturn } from './propose-service.ts';

/** The « Virements retenus » queue and its decisions (docs/held-credits.md), under /api/backoffice. */
export const heldCreditBackofficeRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    registerRoute(app, routes.getBackofficeHeldCredits, (request) =>
      listHeldCreditQueue(ctx, request.query.status),
    );
    registerRoute(app, routes.getBackofficeHeldCreditsById, (request) =>
      getHeldCredit(ctx, request.params.id),
    );
    registerRoute(app, routes.postBackofficeHeldCredits, async (request, reply) =>
      reply.status(201).send(await holdBookedCredit(ctx, actingOperator(request), request.body)),
    );
    registerRoute(app, routes.postBackofficeHeldCreditsByIdRelease, (request) =>
      proposeRelease(ctx, actingOperator(request), request.params.id, request.body),
    );
    registerRoute(app, routes.postBackofficeHeldCreditsByIdReturn, (request) =>
      proposeReturn(ctx, actingOperator(request), request.params.id, request.body),
    );
    registerRoute(app, routes.postBackofficeHeldCreditsByIdApprove, (request) =>
      approveHeldCredit(ctx, actingOperator(request), request.params.id, request.body ?? {}),
    );
  };

/** The customer's own held credits, under /api. */
export const heldCreditCustomerRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    registerRoute(app, routes.getHeldCredits, (request) =>
      listCustomerHeldCredits(ctx, actingCustomer(request)),
    );
  };
