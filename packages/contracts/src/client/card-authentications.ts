// Written by `npm run generate:client-table` from the route table and the error catalogue
// (packages/contracts/src/client-table.ts): do not edit.
import type * as contract from '../index.ts';
import type { RouteRefs } from '../routes/paths.ts';

export const cardAuthenticationsRoutes = {
  getCardAuthentications: { method: 'GET', path: '/api/card-authentications' },
  postCardAuthenticationsByIdApprove: { method: 'POST', path: '/api/card-authentications/:id/approve' },
  postCardAuthenticationsByIdRefuse: { method: 'POST', path: '/api/card-authentications/:id/refuse' },
  postSandbox3dsAuthentications: { method: 'POST', path: '/api/sandbox/3ds/authentications' },
  getSandbox3dsAuthenticationsById: { method: 'GET', path: '/api/sandbox/3ds/authentications/:id' },
} as unknown as RouteRefs<typeof contract.cardAuthenticationsRoutes>;
