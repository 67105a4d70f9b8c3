import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { actingCustomer } from '../../http/customer-guard.ts';
import { registerRoute } from '../../http/register-route.ts';
import { pushDevices } from './devices-service.ts';
import { pushPublicKey } from './public-key-service.ts';
import { subscribeDevice } from './subscribe-service.ts';
import { unsubscribeDevice } from './unsubscribe-service.ts';

/** Web Push subscriptions of the customer's devices (docs/product/profile-and-security.md#push-notifications), under `/api`. */
export const pushRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    registerRoute(app, routes.getPushPublicKey, () => pushPublicKey(ctx));

    registerRoute(app, routes.getPushSubscriptions, (request) => pushDevices(ctx, actingCustomer(request)));

    registerRoute(app, routes.postPushSubscriptions, (request) =>
      subscribeDevice(ctx, actingCustomer(request), request.body),
    );

    registerRoute(app, routes.deletePushSubscriptions, (request) =>
      unsubscribeDevice(ctx, actingCustomer(request), request.body.endpoint),
    );
  };
