// The public face of modules/accounts: what other modules and the application's wiring may use.
export { openMainAccount } from './open-main-account-service.ts';
