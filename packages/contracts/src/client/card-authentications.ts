// Written by `npm run generate:client-table` from the route table and the error catalogue
// (packages/contracts/src/client-table.ts): do not edit.
import type * as contract from '../index.ts';
import type { RouteRefs } from '../routes/paths.ts';

export const cardAuthenticationsRoutes = {
  getCardAuthentications: { method: 'GET', path: '/api/card-authentications', auth: 'customer' },
  postCardAuthenticationsByIdApprove: { method: 'POST', path: '/api/card-authentications/:id/approve', auth: 'customer' },
  postCardAuthenticationsByIdRefuse: { method: 'POST', path: '/api/card-authentications/:id/refuse', auth: 'customer' },
  postSandbox3dsAuthentications: { method: 'POST', path: '/api/sandbox/3ds/authentications', auth: { sandbox: ['admin', 'compliance'] } },
  getSandbox3dsAuthenticationsById: { method: 'GET', path: '/api/sandbox/3ds/authentications/:id', auth: { sandbox: ['admin', 'compliance'] } },
} as unknown as RouteRefs<typeof contract.cardAuthenticationsRoutes>;
