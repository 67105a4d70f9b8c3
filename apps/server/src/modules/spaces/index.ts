// The public face of modules/spaces: what other modules and the application's wiring may use.
export { moveEntry } from './move-service.ts';
export { insertSpace, spaceGoals } from './queries.ts';
export { spaceRoutes } from './routes.ts';
