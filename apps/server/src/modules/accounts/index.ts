// The public face of modules/accounts: what other modules and the application's wiring may use.
export { COUNTERPARTY_IBAN, COUNTERPARTY_NAME } from './queries.ts';
export { SANDBOX_NOTICE } from './sandbox-notice.ts';
export { accountRoutes } from './routes.ts';
