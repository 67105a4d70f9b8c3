// The public face of modules/contact: what other modules and the application's wiring may use.
export { contactBackofficeRoutes } from './backoffice-routes.ts';
export { contactRoutes } from './routes.ts';
