// Written by `npm run generate:client-table` from the route table and the error catalogue
// (packages/contracts/src/client-table.ts): do not edit.
import type * as contract from '../index.ts';
import type { RouteRefs } from '../routes/paths.ts';

export const sandboxRoutes = {
  postSandboxIncomingTransfers: { method: 'POST', path: '/api/sandbox/incoming-transfers', auth: { sandbox: ['admin', 'compliance'] } },
} as unknown as RouteRefs<typeof contract.sandboxRoutes>;
