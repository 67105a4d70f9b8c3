// The public face of modules/data-export: what other modules and the application's wiring may use.
export { dataExportRoutes } from './routes.ts';
