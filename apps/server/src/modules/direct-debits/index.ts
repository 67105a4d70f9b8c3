// The public face of modules/direct-debits: what other modules and the application's wiring may use.
export { executeDueDirectDebits } from './execute-service.ts';
export { collectPastDirectDebit } from './seed-service.ts';
