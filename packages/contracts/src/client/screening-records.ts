// Written by `npm run generate:client-table` from the route table and the error catalogue
// (packages/contracts/src/client-table.ts): do not edit.
import type * as contract from '../index.ts';
import type { RouteRefs } from '../routes/paths.ts';

export const screeningRecordsRoutes = {
  getBackofficeCustomersByIdScreenings: { method: 'GET', path: '/api/backoffice/customers/:id/screenings', auth: { operator: ['admin', 'compliance', 'support'] } },
  getBackofficeScreeningSettings: { method: 'GET', path: '/api/backoffice/screening/settings', auth: { operator: ['admin', 'compliance'] } },
  putBackofficeScreeningSettings: { method: 'PUT', path: '/api/backoffice/screening/settings', auth: { operator: ['admin'] } },
  getBackofficeScreeningStatus: { method: 'GET', path: '/api/backoffice/screening/status', auth: { operator: ['admin', 'compliance'] } },
} as unknown as RouteRefs<typeof contract.screeningRecordsRoutes>;
