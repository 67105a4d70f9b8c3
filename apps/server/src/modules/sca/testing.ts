// Test scaffolding of modules/sca for other modules' tests; never imported by production code.
export { call, enrolTotpFactor, nextCode } from './factor-test-helpers.ts';
export { grantScaToken } from './test-helpers.ts';
