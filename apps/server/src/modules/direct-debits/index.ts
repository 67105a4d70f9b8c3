// The public face of modules/direct-debits: what other modules and the application's wiring may use.
export { directDebitBackofficeRoutes } from './backoffice-routes.ts';
export { executeDueDirectDebits } from './execute-service.ts';
export { directDebitRoutes } from './routes.ts';
export { directDebitSandboxRoutes } from './sandbox-routes.ts';
export { collectPastDirectDebit } from './seed-service.ts';
