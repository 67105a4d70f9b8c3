// The public face of modules/identity-changes: what other modules and the application's wiring may use.
export { identityChangeBackofficeRoutes } from './backoffice-routes.ts';
export { identityChangeRoutes } from './routes.ts';
