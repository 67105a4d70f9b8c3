// Test scaffolding of modules/screening for other modules' tests; never imported by production code.
export {
  addPayee,
  delistEntity,
  listedPerson,
  listEntity,
  openAlert,
  type ListedFixture,
} from './alerts-fixtures.ts';
export {
  operatorCalls,
  signInAlertOperators,
  type AlertOperators,
  type SignedOperator,
} from './alert-operators.ts';
// The matcher thread, to start one from another entry (the compiled server's).
export { MatcherThread } from '../matcher-thread.ts';
