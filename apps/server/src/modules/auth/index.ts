// The public face of modules/auth: what other modules and the application's wiring may use.
export { sendRequestedPasswordResets } from './password-reset-service.ts';
export { cancelPendingEmailChange } from './pending-email-change.ts';
export { authRoutes } from './routes.ts';
export { revokeAllCustomerSessions } from './session-queries.ts';
export { type CustomerSession, openCustomerSession, resolveCustomerSession } from './sessions.ts';
export { invalidToken, issueOneTimeToken, useOneTimeToken } from './tokens.ts';
