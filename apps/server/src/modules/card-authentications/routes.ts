import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SCA_TOKEN_HEADER, routes } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { actingCustomer, activeCustomer } from '../../http/customer-guard.ts';
import { registerRoute } from '../../http/register-route.ts';
import { approveCardAuthentication } from './approve-service.ts';
import { listCardAuthentications } from './list-service.ts';
import { refuseCardAuthentication } from './refuse-service.ts';

const header = (value: string | string[] | undefined): string | undefined =>
  typeof value === 'string' && value.length > 0 ? value : undefined;

/** The customer's answers to 3-D Secure challenges (docs/product/cards.md#3-d-secure), under `/api`. */
export const cardAuthenticationRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('preHandler', activeCustomer(ctx));

    registerRoute(app, routes.getCardAuthentications, (request) =>
      listCardAuthentications(ctx, actingCustomer(request)),
    );

    registerRoute(app, routes.postCardAuthenticationsByIdApprove, (request) =>
      approveCardAuthentication(
        ctx,
        actingCustomer(request),
        request.params.id,
        header(request.headers[SCA_TOKEN_HEADER]),
      ),
    );

    registerRoute(app, routes.postCardAuthenticationsByIdRefuse, (request) =>
      refuseCardAuthentication(ctx, actingCustomer(request), request.params.id),
    );
  };
