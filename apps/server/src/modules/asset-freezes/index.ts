// The public face of modules/asset-freezes: what other modules and the application's wiring may use.
export { blockPayee } from './block-payee-service.ts';
export { freezeCustomer, type FreezeOutcome } from './freeze-service.ts';
export { listAssetFreezes, listCustomerFreezes } from './list-service.ts';
