// The public face of modules/messages: what other modules and the application's wiring may use.
export { messageBackofficeRoutes } from './backoffice-routes.ts';
export { messageRoutes } from './routes.ts';
