// The public face of modules/document-requests: what other modules and the application's wiring may use.
export { documentRequestBackofficeRoutes } from './backoffice-routes.ts';
export { documentRequestRoutes } from './routes.ts';
export type { RequestFile } from './view-file-service.ts';
