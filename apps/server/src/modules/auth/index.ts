// The public face of modules/auth: what other modules and the application's wiring may use.
export { sendRequestedPasswordResets } from './password-reset-service.ts';
export { cancelPendingEmailChange } from './pending-email-change.ts';
export { closeAllCustomerSessions, openCustomerSession, resolveCustomerSession } from './sessions.ts';
