// Test scaffolding of modules/contact for the browser tests; never imported by production code.
export { insertContactMessage } from '../queries.ts';
export { CONTACT_RATE_LIMIT } from '../routes.ts';
export { listContactMessages } from '../service.ts';
