// Written by `npm run generate:client-table` from the route table and the error catalogue
// (packages/contracts/src/client-table.ts): do not edit.
import type * as contract from '../index.ts';
import type { RouteRefs } from '../routes/paths.ts';

export const cardsRoutes = {
  getCards: { method: 'GET', path: '/api/cards' },
  postCards: { method: 'POST', path: '/api/cards' },
  postCardsByIdLock: { method: 'POST', path: '/api/cards/:id/lock' },
  postCardsByIdUnlock: { method: 'POST', path: '/api/cards/:id/unlock' },
  putCardsByIdLimits: { method: 'PUT', path: '/api/cards/:id/limits' },
  postCardsByIdReveal: { method: 'POST', path: '/api/cards/:id/reveal' },
  deleteCardsById: { method: 'DELETE', path: '/api/cards/:id' },
  getCardsByIdActivity: { method: 'GET', path: '/api/cards/:id/activity' },
} as unknown as RouteRefs<typeof contract.cardsRoutes>;
