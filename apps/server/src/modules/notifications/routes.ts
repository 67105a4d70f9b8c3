import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { actingCustomer } from '../../http/customer-guard.ts';
import { listNotifications } from './list-service.ts';
import { myNotificationPreferences, setNotificationPreferences } from './preferences-service.ts';
import { readNotifications } from './read-service.ts';
import { registerRoute } from '../../http/register-route.ts';

/** The customer's notifications and their e-mail preferences (docs/product/profile-and-security.md#notifications), under `/api`. */
export const notificationRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    registerRoute(app, routes.getNotifications, (request) =>
      listNotifications(ctx, actingCustomer(request), request.query),
    );

    registerRoute(app, routes.postNotificationsRead, (request) =>
      readNotifications(ctx, actingCustomer(request), request.body.ids),
    );

    registerRoute(app, routes.getMeNotificationPreferences, (request) =>
      myNotificationPreferences(ctx, actingCustomer(request)),
    );

    registerRoute(app, routes.putMeNotificationPreferences, (request) =>
      setNotificationPreferences(ctx, actingCustomer(request), request.body),
    );
  };
