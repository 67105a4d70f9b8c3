import { z } from 'zod';
import {
  BackofficeFraudReport,
  BackofficeFraudReportList,
  FraudReport,
  FraudReportDecisionRequest,
  FraudReportList,
  FraudReportsQuery,
} from '../fraud-reports.ts';
import { defineRoute, problems } from './define-route.ts';

const IdParams = z.object({ id: z.string().max(64) });
const WHO = { operator: ['admin', 'compliance'] } as const;

/**
 * The routes of fraud-reports/routes.ts and backoffice-routes.ts: the customer reports a transfer
 * as a fraud and follows it; compliance decides in « Fraudes signalées ».
 */
export const fraudReportsRoutes = {
  postFraudReports: defineRoute({
    method: 'POST',
    path: '/api/fraud-reports',
    auth: 'customer',
    tags: ['transfers'],
    summary:
      'Report one of the customer’s executed transfers as a fraud: JSON {transferId, kind, description, policeReportNumber}, or multipart/form-data with the same fields and the police report as `file` (JPEG, PNG, HEIC or PDF, ≤ 10 MB)',
    consumes: ['application/json', 'multipart/form-data'],
    response: { 201: FraudReport, ...problems(400, 401, 403, 404, 409, 413, 415, 429, 503) },
  }),
  getFraudReports: defineRoute({
    method: 'GET',
    path: '/api/fraud-reports',
    auth: 'customer',
    tags: ['transfers'],
    summary: 'The customer’s fraud reports, newest first',
    response: { 200: FraudReportList, ...problems(401, 403) },
  }),
  getBackofficeFraudReports: defineRoute({
    method: 'GET',
    path: '/api/backoffice/fraud-reports',
    auth: WHO,
    tags: ['backoffice'],
    summary: 'Fraud reports: submitted (oldest first) or decided (newest decision first)',
    query: FraudReportsQuery,
    response: { 200: BackofficeFraudReportList, ...problems(400, 401, 403) },
  }),
  getBackofficeFraudReportsById: defineRoute({
    method: 'GET',
    path: '/api/backoffice/fraud-reports/:id',
    auth: WHO,
    tags: ['backoffice'],
    summary: 'One fraud report with its customer, transfer and how many customers reported its payee',
    params: IdParams,
    response: { 200: BackofficeFraudReport, ...problems(401, 403, 404) },
  }),
  getBackofficeFraudReportsByIdFile: defineRoute({
    method: 'GET',
    path: '/api/backoffice/fraud-reports/:id/file',
    auth: WHO,
    tags: ['backoffice'],
    summary: 'The police report’s file, decrypted (every view is audited first)',
    params: IdParams,
    produces: ['application/pdf', 'image/jpeg', 'image/png', 'image/heic'],
    response: { 200: z.unknown().meta({ description: 'The file' }), ...problems(401, 403, 404) },
  }),
  getBackofficeFlaggedPayeesCsv: defineRoute({
    method: 'GET',
    path: '/api/backoffice/flagged-payees.csv',
    auth: WHO,
    tags: ['backoffice'],
    summary:
      'Payee IBANs reported for fraud by two customers or more, for the sharing arrangements between banks: CSV (UTF-8 with BOM, « ; », CRLF), identifiers only, no customer (every download is audited)',
    produces: ['text/csv'],
    response: {
      200: z
        .unknown()
        .meta({ description: 'The flagged IBANs, as an attachment named iban-signales-<YYYY-MM-DD>.csv' }),
      ...problems(401, 403),
    },
  }),
  postBackofficeFraudReportsByIdDecision: defineRoute({
    method: 'POST',
    path: '/api/backoffice/fraud-reports/:id/decision',
    auth: WHO,
    tags: ['backoffice'],
    summary:
      'Accept or reject a report; an accepted impersonation claim is refunded in full from the fraud-loss account (audited)',
    params: IdParams,
    body: FraudReportDecisionRequest,
    response: { 200: BackofficeFraudReport, ...problems(400, 401, 403, 404, 409) },
  }),
};
