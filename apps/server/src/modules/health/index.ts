// The public face of modules/health: what other modules and the application's wiring may use.
export { healthRoutes } from './routes.ts';
