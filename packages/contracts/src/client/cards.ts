// Written by `npm run generate:client-table` from the route table and the error catalogue
// (packages/contracts/src/client-table.ts): do not edit.
import type * as contract from '../index.ts';
import type { RouteRefs } from '../routes/paths.ts';

export const cardsRoutes = {
  getCards: { method: 'GET', path: '/api/cards', auth: 'customer' },
  postCards: { method: 'POST', path: '/api/cards', auth: 'customer' },
  postCardsByIdLock: { method: 'POST', path: '/api/cards/:id/lock', auth: 'customer' },
  postCardsByIdUnlock: { method: 'POST', path: '/api/cards/:id/unlock', auth: 'customer' },
  putCardsByIdLimits: { method: 'PUT', path: '/api/cards/:id/limits', auth: 'customer' },
  postCardsByIdReveal: { method: 'POST', path: '/api/cards/:id/reveal', auth: 'customer' },
  deleteCardsById: { method: 'DELETE', path: '/api/cards/:id', auth: 'customer' },
  getCardsByIdActivity: { method: 'GET', path: '/api/cards/:id/activity', auth: 'customer' },
} as unknown as RouteRefs<typeof contract.cardsRoutes>;
