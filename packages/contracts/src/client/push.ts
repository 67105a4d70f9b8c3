// Written by `npm run generate:client-table` from the route table and the error catalogue
// (packages/contracts/src/client-table.ts): do not edit.
import type * as contract from '../index.ts';
import type { RouteRefs } from '../routes/paths.ts';

export const pushRoutes = {
  getPushPublicKey: { method: 'GET', path: '/api/push/public-key' },
  getPushSubscriptions: { method: 'GET', path: '/api/push/subscriptions' },
  postPushSubscriptions: { method: 'POST', path: '/api/push/subscriptions' },
  deletePushSubscriptions: { method: 'DELETE', path: '/api/push/subscriptions' },
} as unknown as RouteRefs<typeof contract.pushRoutes>;
