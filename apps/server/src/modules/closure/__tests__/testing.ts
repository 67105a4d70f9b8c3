// Test scaffolding of modules/closure for other modules' tests; never imported by production code.
export { anonymiseCustomer } from '../queries.ts';
