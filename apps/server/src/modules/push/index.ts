// The public face of modules/push: what other modules and the application's wiring may use.
export { subscribePush } from './subscribers.ts';
export { drainPushQueue } from './worker.ts';
export { vapidKeys } from './vapid-keys.ts';
