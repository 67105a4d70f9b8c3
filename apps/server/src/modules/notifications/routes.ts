import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  NotificationPreferences,
  NotificationsPage,
  NotificationsQuery,
  Problem,
  ReadNotificationsRequest,
  UnreadNotifications,
} from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { actingCustomer, activeCustomer } from '../auth/guard.ts';
import { listNotifications } from './list-service.ts';
import { myNotificationPreferences, setNotificationPreferences } from './preferences-service.ts';
import { readNotifications } from './read-service.ts';

/** The customer's notifications and their e-mail preferences (SPEC §5, §10 `profile`), under `/api`. */
export const notificationRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('preHandler', activeCustomer(ctx));

    app.get(
      '/notifications',
      {
        schema: {
          tags: ['notifications'],
          summary:
            'The customer’s notifications, newest first (cursor; the latest 200 are kept), and the unread count',
          querystring: NotificationsQuery,
          response: { 200: NotificationsPage, 400: Problem, 401: Problem, 403: Problem },
        },
      },
      (request) => listNotifications(ctx, actingCustomer(request), request.query),
    );

    app.post(
      '/notifications/read',
      {
        schema: {
          tags: ['notifications'],
          summary: 'Mark notifications read: the given ids (the customer’s own; others are ignored), or all',
          body: ReadNotificationsRequest,
          response: { 200: UnreadNotifications, 400: Problem, 401: Problem, 403: Problem },
        },
      },
      (request) => readNotifications(ctx, actingCustomer(request), request.body.ids),
    );

    app.get(
      '/me/notification-preferences',
      {
        schema: {
          tags: ['notifications'],
          summary: 'E-mail on each credit, on each card payment (both off by default)',
          response: { 200: NotificationPreferences, 401: Problem, 403: Problem },
        },
      },
      (request) => myNotificationPreferences(ctx, actingCustomer(request)),
    );

    app.put(
      '/me/notification-preferences',
      {
        schema: {
          tags: ['notifications'],
          summary: 'Set both e-mail preferences',
          body: NotificationPreferences,
          response: { 200: NotificationPreferences, 400: Problem, 401: Problem, 403: Problem },
        },
      },
      (request) => setNotificationPreferences(ctx, actingCustomer(request), request.body),
    );
  };
