// The public face of modules/sessions: what other modules and the application's wiring may use.
export { sessionRoutes } from './routes.ts';
