// Written by `npm run generate:client-table` from the route table and the error catalogue
// (packages/contracts/src/client-table.ts): do not edit.
import type * as contract from '../index.ts';
import type { RouteRefs } from '../routes/paths.ts';

export const assetFreezesRoutes = {
  getBackofficeScreeningFreezes: { method: 'GET', path: '/api/backoffice/screening/freezes', auth: { operator: ['admin', 'compliance'] } },
  getBackofficeCustomersByIdFreezes: { method: 'GET', path: '/api/backoffice/customers/:id/freezes', auth: { operator: ['admin', 'compliance'] } },
  postBackofficeScreeningFreezesByIdLift: { method: 'POST', path: '/api/backoffice/screening/freezes/:id/lift', auth: { operator: ['admin', 'compliance'] } },
  postBackofficeScreeningFreezesByIdApproveLift: { method: 'POST', path: '/api/backoffice/screening/freezes/:id/approve-lift', auth: { operator: ['admin', 'compliance'] } },
} as unknown as RouteRefs<typeof contract.assetFreezesRoutes>;
