// The public face of modules/closure: what other modules and the application's wiring may use.
export { anonymiseClosedCustomers } from './anonymise-service.ts';
