// The public face of modules/transfers: what other modules and the application's wiring may use.
export { executeDueTransfers } from './execute-due-service.ts';
export { recoverInstantTransfers } from './recover-instant-service.ts';
export { recordReservedTransfer } from './seed-service.ts';
export { placeInitiatedTransfer } from './initiated-transfer-service.ts';
export { cancelTransfer } from './cancel-service.ts';
