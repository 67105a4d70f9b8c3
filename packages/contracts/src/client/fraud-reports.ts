// Written by `npm run generate:client-table` from the route table and the error catalogue
// (packages/contracts/src/client-table.ts): do not edit.
import type * as contract from '../index.ts';
import type { RouteRefs } from '../routes/paths.ts';

export const fraudReportsRoutes = {
  postFraudReports: { method: 'POST', path: '/api/fraud-reports', auth: 'customer' },
  getFraudReports: { method: 'GET', path: '/api/fraud-reports', auth: 'customer' },
  getBackofficeFraudReports: { method: 'GET', path: '/api/backoffice/fraud-reports', auth: { operator: ['admin', 'compliance'] } },
  getBackofficeFraudReportsById: { method: 'GET', path: '/api/backoffice/fraud-reports/:id', auth: { operator: ['admin', 'compliance'] } },
  getBackofficeFraudReportsByIdFile: { method: 'GET', path: '/api/backoffice/fraud-reports/:id/file', auth: { operator: ['admin', 'compliance'] } },
  getBackofficeFlaggedPayeesCsv: { method: 'GET', path: '/api/backoffice/flagged-payees.csv', auth: { operator: ['admin', 'compliance'] } },
  postBackofficeFraudReportsByIdDecision: { method: 'POST', path: '/api/backoffice/fraud-reports/:id/decision', auth: { operator: ['admin', 'compliance'] } },
} as unknown as RouteRefs<typeof contract.fraudReportsRoutes>;
