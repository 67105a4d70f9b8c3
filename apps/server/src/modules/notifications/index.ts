// The public face of modules/notifications: what other modules and the application's wiring may use.
export { subscribeNotifications } from './subscribers.ts';
