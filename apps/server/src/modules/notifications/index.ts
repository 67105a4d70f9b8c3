// The public face of modules/notifications: what other modules and the application's wiring may use.
export type { NotifyContext } from './record-service.ts';
export { notificationRoutes } from './routes.ts';
export { subscribeNotifications } from './subscribers.ts';
