// Written by `npm run generate:client-table` from the route table and the error catalogue
// (packages/contracts/src/client-table.ts): do not edit.
import type * as contract from '../index.ts';
import type { RouteRefs } from '../routes/paths.ts';

export const screeningAlertsRoutes = {
  getBackofficeScreeningAlerts: { method: 'GET', path: '/api/backoffice/screening/alerts', auth: { operator: ['admin', 'compliance'] } },
  getBackofficeScreeningAlertsById: { method: 'GET', path: '/api/backoffice/screening/alerts/:id', auth: { operator: ['admin', 'compliance'] } },
  postBackofficeScreeningAlertsByIdDecision: { method: 'POST', path: '/api/backoffice/screening/alerts/:id/decision', auth: { operator: ['admin', 'compliance'] } },
  postBackofficeScreeningAlertsByIdApprove: { method: 'POST', path: '/api/backoffice/screening/alerts/:id/approve', auth: { operator: ['admin', 'compliance'] } },
} as unknown as RouteRefs<typeof contract.screeningAlertsRoutes>;
