// Written by `npm run generate:client-table` from the route table and the error catalogue
// (packages/contracts/src/client-table.ts): do not edit.
import type * as contract from '../index.ts';
import type { RouteRefs } from '../routes/paths.ts';

export const closureRoutes = {
  deleteBackofficeCustomersById: { method: 'DELETE', path: '/api/backoffice/customers/:id', auth: { operator: ['admin'] } },
  postBackofficeCustomersByIdClose: { method: 'POST', path: '/api/backoffice/customers/:id/close', auth: { operator: ['admin', 'compliance'] } },
} as unknown as RouteRefs<typeof contract.closureRoutes>;
