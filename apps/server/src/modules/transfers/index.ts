// The public face of modules/transfers: what other modules and the application's wiring may use.
export { executeDueTransfers } from './execute-due-service.ts';
export { recoverInstantTransfers } from './recover-instant-service.ts';
export { recordReservedTransfer } from './seed-service.ts';
