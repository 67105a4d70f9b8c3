// Test scaffolding of modules/screening for other modules' tests; never imported by production code.
export {
  addPayee,
  delistEntity,
  listedPerson,
  listEntity,
  openAlert,
  type ListedFixture,
} from './alerts-fixtures.ts';
// The matcher thread, to start one from another entry (the compiled server's).
export { MatcherThread } from '../matcher-thread.ts';
