// Written by `npm run generate:client-table` from the route table and the error catalogue
// (packages/contracts/src/client-table.ts): do not edit.
import type * as contract from '../index.ts';
import type { RouteRefs } from '../routes/paths.ts';

export const transfersRoutes = {
  postTransfers: { method: 'POST', path: '/api/transfers', auth: 'customer' },
  getTransfers: { method: 'GET', path: '/api/transfers', auth: 'customer' },
  getTransfersById: { method: 'GET', path: '/api/transfers/:id', auth: 'customer' },
  deleteTransfersById: { method: 'DELETE', path: '/api/transfers/:id', auth: 'customer' },
} as unknown as RouteRefs<typeof contract.transfersRoutes>;
