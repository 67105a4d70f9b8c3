// Test scaffolding of modules/operators for other modules' tests; never imported by production code.
export { acceptInvitation, newOperator, signIn, type TestOperator, withOperator } from './helpers.ts';
