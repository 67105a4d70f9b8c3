// Test scaffolding of modules/auth for other modules' tests; never imported by production code.
// Customers and their mail are shared helpers: testing/customers.ts and testing/mailbox.ts.
export { getMe, handleResetRequests } from './helpers.ts';
