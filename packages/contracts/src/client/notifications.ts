// Written by `npm run generate:client-table` from the route table and the error catalogue
// (packages/contracts/src/client-table.ts): do not edit.
import type * as contract from '../index.ts';
import type { RouteRefs } from '../routes/paths.ts';

export const notificationsRoutes = {
  getNotifications: { method: 'GET', path: '/api/notifications', auth: 'customer' },
  postNotificationsRead: { method: 'POST', path: '/api/notifications/read', auth: 'customer' },
  getMeNotificationPreferences: { method: 'GET', path: '/api/me/notification-preferences', auth: 'customer' },
  putMeNotificationPreferences: { method: 'PUT', path: '/api/me/notification-preferences', auth: 'customer' },
} as unknown as RouteRefs<typeof contract.notificationsRoutes>;
