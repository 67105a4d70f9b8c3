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
} from './helpers.ts';
export { httpSignIn, httpTransfer, pool } from './http-helpers.ts';
