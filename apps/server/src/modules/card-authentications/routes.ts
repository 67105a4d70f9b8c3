import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { actingCustomer } from '../../http/customer-guard.ts';
import { registerRoute } from '../../http/register-route.ts';
import { approveCardAuthentication } from './approve-service.ts';
import { listCardAuthentications } from './list-service.ts';
import { refuseCardAuthentication } from './refuse-service.ts';

/** The customer's answers to 3-D Secure challenges (docs/product/cards.md#3-d-secure), under `/api`. */
export const cardAuthenticationRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    registerRoute(app, routes.getCardAuthentications, (request) =>
      listCardAuthentications(ctx, actingCustomer(request)),
    );

    registerRoute(app, routes.postCardAuthenticationsByIdApprove, (request) =>
      approveCardAuthentication(ctx, actingCustomer(request), request.params.id, request.needed.scaToken),
    );

    registerRoute(app, routes.postCardAuthenticationsByIdRefuse, (request) =>
      refuseCardAuthentication(ctx, actingCustomer(request), request.params.id),
    );
  };
