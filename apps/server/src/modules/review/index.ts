// The public face of modules/review: what other modules and the application's wiring may use.
export { customerIdParam, uuidOrNotFound } from './customers-service.ts';
export { reviewRoutes } from './routes.ts';
