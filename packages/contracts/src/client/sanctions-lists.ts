// Written by `npm run generate:client-table` from the route table and the error catalogue
// (packages/contracts/src/client-table.ts): do not edit.
import type * as contract from '../index.ts';
import type { RouteRefs } from '../routes/paths.ts';

export const sanctionsListsRoutes = {
  getBackofficeSanctionsLists: { method: 'GET', path: '/api/backoffice/sanctions/lists', auth: { operator: ['admin', 'compliance'] } },
  postBackofficeSanctionsLists: { method: 'POST', path: '/api/backoffice/sanctions/lists', auth: { operator: ['admin', 'compliance'] } },
} as unknown as RouteRefs<typeof contract.sanctionsListsRoutes>;
