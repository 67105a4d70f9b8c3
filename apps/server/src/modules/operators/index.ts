// The public face of modules/operators: what other modules and the application's wiring may use.
export { type OperatorPrincipal, requireRole, resolveOperatorSession } from './auth-service.ts';
export { createOperator } from './operators-service.ts';
export { operatorActiveSince } from './queries.ts';
export { operatorRoutes } from './routes.ts';
export { matchTotpStep, newTotpSecret, totpUri } from './totp.ts';
