// The public face of modules/asset-freezes: what other modules and the application's wiring may use.
export { blockPayee } from './block-payee-service.ts';
export { freezeCustomer } from './freeze-service.ts';
export type { FreezeOutcome } from './freeze-outcome.ts';
export { listAssetFreezes, listCustomerFreezes } from './list-service.ts';
