// The public face of modules/manual-entries: what other modules and the application's wiring may use.
export { manualEntryRoutes } from './routes.ts';
