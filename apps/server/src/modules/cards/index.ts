// The public face of modules/cards: what other modules and the application's wiring may use.
export { callCardAuthorize, markCleared } from './authorization-queries.ts';
export { expiryMonth } from './authorize-service.ts';
export { cardSecrets } from './card-secrets.ts';
export { setCardLimits } from './customer-card-queries.ts';
export { expireCardAuthorizations } from './expire-authorizations-service.ts';
export { renameCardHolder } from './holder-name-service.ts';
export { issueCard } from './issue-card-service.ts';
export type { CardRow } from './queries.ts';
export { cardRoutes } from './routes.ts';
export { cardSandboxRoutes } from './sandbox-routes.ts';
