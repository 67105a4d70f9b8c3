// The public face of modules/customers: what other modules and the application's wiring may use.
export {
  customerByEmail,
  customerById,
  customerContact,
  type CustomerRow,
  decideApplication,
  insertCustomer,
  lockCustomerRow,
  moveCustomerStatus,
  resolveCorrections,
  setCustomerIdentity,
} from './queries.ts';
export { createCustomer, openMainAccount } from './service.ts';
export { maskedTaxIdOf, openTaxId, sealPlaintextTaxIds, sealTaxId } from './tax-id.ts';
