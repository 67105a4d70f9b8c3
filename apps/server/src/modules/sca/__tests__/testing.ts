// Test scaffolding of modules/sca for other modules' tests; never imported by production code. It
// loads no test context: a customer with a second factor is testing/second-factor.ts.
export { grantScaToken } from './grant-token.ts';
