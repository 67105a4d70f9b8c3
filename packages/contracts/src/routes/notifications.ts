import {
  NotificationPreferences,
  NotificationsPage,
  NotificationsQuery,
  ReadNotificationsRequest,
  UnreadNotifications,
} from '../notifications.ts';
import { Problem } from '../problem.ts';
import { defineRoute } from './define-route.ts';

/** The routes of notifications/routes.ts. */
export const notificationsRoutes = {
  getNotifications: defineRoute({
    method: 'GET',
    path: '/api/notifications',
    auth: 'customer',
    tags: ['notifications'],
    summary:
      'The customer’s notifications, newest first (cursor; the latest 200 are kept), and the unread count',
    query: NotificationsQuery,
    response: { 200: NotificationsPage, 400: Problem, 401: Problem, 403: Problem },
  }),
  postNotificationsRead: defineRoute({
    method: 'POST',
    path: '/api/notifications/read',
    auth: 'customer',
    tags: ['notifications'],
    summary: 'Mark notifications read: the given ids (the customer’s own; others are ignored), or all',
    body: ReadNotificationsRequest,
    response: { 200: UnreadNotifications, 400: Problem, 401: Problem, 403: Problem },
  }),
  getMeNotificationPreferences: defineRoute({
    method: 'GET',
    path: '/api/me/notification-preferences',
    auth: 'customer',
    tags: ['notifications'],
    summary: 'E-mail on each credit, on each card payment (both off by default)',
    response: { 200: NotificationPreferences, 401: Problem, 403: Problem },
  }),
  putMeNotificationPreferences: defineRoute({
    method: 'PUT',
    path: '/api/me/notification-preferences',
    auth: 'customer',
    tags: ['notifications'],
    summary: 'Set both e-mail preferences',
    body: NotificationPreferences,
    response: { 200: NotificationPreferences, 400: Problem, 401: Problem, 403: Problem },
  }),
} as const;
