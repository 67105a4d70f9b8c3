// The public face of modules/cards: what other modules and the application's wiring may use.
export { authorizeCardPayment, expiryMonth } from './authorize-service.ts';
export { cardSecrets } from './card-secrets.ts';
export { expireCardAuthorizations } from './expire-authorizations-service.ts';
export { renameCardHolder } from './holder-name-service.ts';
export { issueCard } from './issue-card-service.ts';
export { AUTHENTICATION_REQUEST_RULES, firstDecline, lowValueExempt } from './rules.ts';
export { type PastCardPayment, payPastByCard, setPastCardLimits } from './seed-service.ts';
