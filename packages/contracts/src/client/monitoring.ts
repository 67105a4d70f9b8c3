// Written by `npm run generate:client-table` from the route table and the error catalogue
// (packages/contracts/src/client-table.ts): do not edit.
import type * as contract from '../index.ts';
import type { RouteRefs } from '../routes/paths.ts';

export const monitoringRoutes = {
  getBackofficeMonitoringCases: { method: 'GET', path: '/api/backoffice/monitoring/cases', auth: { operator: ['admin', 'compliance'] } },
  getBackofficeMonitoringCasesById: { method: 'GET', path: '/api/backoffice/monitoring/cases/:id', auth: { operator: ['admin', 'compliance'] } },
  postBackofficeMonitoringCasesByIdNotes: { method: 'POST', path: '/api/backoffice/monitoring/cases/:id/notes', auth: { operator: ['admin', 'compliance'] } },
  postBackofficeMonitoringCasesByIdDecision: { method: 'POST', path: '/api/backoffice/monitoring/cases/:id/decision', auth: { operator: ['admin', 'compliance'] } },
  postBackofficeMonitoringCasesByIdApprove: { method: 'POST', path: '/api/backoffice/monitoring/cases/:id/approve', auth: { operator: ['admin', 'compliance'] } },
  getBackofficeMonitoringCasesByIdReportPdf: { method: 'GET', path: '/api/backoffice/monitoring/cases/:id/report.pdf', auth: { operator: ['admin', 'compliance'] } },
  getBackofficeMonitoringCasesByIdReportJson: { method: 'GET', path: '/api/backoffice/monitoring/cases/:id/report.json', auth: { operator: ['admin', 'compliance'] } },
} as unknown as RouteRefs<typeof contract.monitoringRoutes>;
