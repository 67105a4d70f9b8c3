// Written by `npm run generate:client-table` from the route table and the error catalogue
// (packages/contracts/src/client-table.ts): do not edit.
import type * as contract from '../index.ts';
import type { RouteRefs } from '../routes/paths.ts';

export const pushRoutes = {
  getPushPublicKey: { method: 'GET', path: '/api/push/public-key', auth: 'customer' },
  getPushSubscriptions: { method: 'GET', path: '/api/push/subscriptions', auth: 'customer' },
  postPushSubscriptions: { method: 'POST', path: '/api/push/subscriptions', auth: 'customer' },
  deletePushSubscriptions: { method: 'DELETE', path: '/api/push/subscriptions', auth: 'customer' },
} as unknown as RouteRefs<typeof contract.pushRoutes>;
