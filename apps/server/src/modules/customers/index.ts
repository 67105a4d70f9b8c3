// The public face of modules/customers: what other modules and the application's wiring may use.
export {
  type CustomerRow,
  findCustomerByEmail,
  findCustomerById,
  findCustomerContact,
  lockCustomer,
} from './lookup-service.ts';
export { createCustomer, createCustomerWithHash, recordCustomerIdentity } from './service.ts';
export {
  activateCustomer,
  changeCustomerStatus,
  closeCorrectionRequests,
  recordApplicationDecision,
} from './status-service.ts';
export { maskedTaxIdOf, openTaxId, sealPlaintextTaxIds, sealTaxId } from './tax-id.ts';
