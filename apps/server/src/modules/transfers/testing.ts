// Test scaffolding of modules/transfers for other modules' tests; never imported by production code.
export {
  balances,
  fund,
  party,
  type Party,
  payee,
  sendTransfer,
  signedIn,
  transferToken,
} from './test-helpers.ts';
export { pool } from './http-test-helpers.ts';
