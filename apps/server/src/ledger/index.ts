/** The only code that writes ledger_* tables. Every function takes a Queryable inside a transaction. */
export { postEntry, reserveEntry, settleEntry, voidEntry, checkLegs } from './post.ts';
export {
  openCustomerAccount,
  nextAccountSerial,
  glAccount,
  accountByIban,
  ledgerBalance,
  customerAccounts,
  customerAccount,
  closeCustomerAccounts,
  renameSubAccount,
  closeSubAccount,
  lockCustomerAccount,
} from './accounts.ts';
export { indexAllQueuedEntries } from './search-index.ts';
export {
  takeUnmonitoredMovements,
  movementsOfCustomers,
  lastOutgoingBetween,
  type LedgerMovement,
} from './movements.ts';
export { incomingCredit, type IncomingCredit, type ClearingCode } from './incoming-credits.ts';
export { verifyLedger, ledgerCounts, type Violation } from './verify.ts';
export { importPostedHistory, type HistoryRow } from './history-import.ts';
export { LedgerRefusal, isLedgerRefusal, type LedgerRefusalCode } from './errors.ts';
export { COUNTERPARTY_IBAN, COUNTERPARTY_NAME } from './counterparty.ts';
export * from './types.ts';
