// The public face of modules/operators: what other modules and the application's wiring may use.
export { requireRole, resolveOperatorSession } from './auth-service.ts';
export { countsAsChecker, requireSecondOperator } from './four-eyes-service.ts';
export { createOperator } from './operators-service.ts';
