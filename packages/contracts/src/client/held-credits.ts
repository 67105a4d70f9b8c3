// Written by `npm run generate:client-table` from the route table and the error catalogue
// (packages/contracts/src/client-table.ts): do not edit.
import type * as contract from '../index.ts';
import type { RouteRefs } from '../routes/paths.ts';

export const heldCreditsRoutes = {
  getBackofficeHeldCredits: { method: 'GET', path: '/api/backoffice/held-credits', auth: { operator: ['admin', 'compliance'] } },
  getBackofficeHeldCreditsById: { method: 'GET', path: '/api/backoffice/held-credits/:id', auth: { operator: ['admin', 'compliance'] } },
  postBackofficeHeldCredits: { method: 'POST', path: '/api/backoffice/held-credits', auth: { operator: ['admin', 'compliance'] } },
  postBackofficeHeldCreditsByIdRelease: { method: 'POST', path: '/api/backoffice/held-credits/:id/release', auth: { operator: ['admin', 'compliance'] } },
  postBackofficeHeldCreditsByIdReturn: { method: 'POST', path: '/api/backoffice/held-credits/:id/return', auth: { operator: ['admin', 'compliance'] } },
  postBackofficeHeldCreditsByIdApprove: { method: 'POST', path: '/api/backoffice/held-credits/:id/approve', auth: { operator: ['admin', 'compliance'] } },
  getHeldCredits: { method: 'GET', path: '/api/held-credits', auth: 'customer' },
} as unknown as RouteRefs<typeof contract.heldCreditsRoutes>;
