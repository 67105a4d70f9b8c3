// Written by `npm run generate:client-table` from the route table and the error catalogue
// (packages/contracts/src/client-table.ts): do not edit.
import type * as contract from '../index.ts';
import type { RouteRefs } from '../routes/paths.ts';

export const manualEntriesRoutes = {
  getBackofficeCustomersByIdManualEntries: { method: 'GET', path: '/api/backoffice/customers/:id/manual-entries', auth: { operator: ['admin', 'compliance', 'support'] } },
  postBackofficeCustomersByIdManualEntries: { method: 'POST', path: '/api/backoffice/customers/:id/manual-entries', auth: { operator: ['admin', 'compliance'] } },
  getBackofficeManualEntries: { method: 'GET', path: '/api/backoffice/manual-entries', auth: { operator: ['admin', 'compliance', 'support'] } },
  postBackofficeManualEntriesByIdApprove: { method: 'POST', path: '/api/backoffice/manual-entries/:id/approve', auth: { operator: ['admin', 'compliance'] } },
  postBackofficeManualEntriesByIdRefuse: { method: 'POST', path: '/api/backoffice/manual-entries/:id/refuse', auth: { operator: ['admin', 'compliance'] } },
} as unknown as RouteRefs<typeof contract.manualEntriesRoutes>;
