// The public face of modules/statements: what other modules and the application's wiring may use.
export { statementRoutes } from './routes.ts';
