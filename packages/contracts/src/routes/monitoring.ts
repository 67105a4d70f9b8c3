import { z } from 'zod';
import {
  MonitoringApprovalRequest,
  MonitoringCase,
  MonitoringCaseList,
  MonitoringCasesQuery,
  MonitoringDecisionRequest,
  MonitoringNoteRequest,
} from '../monitoring.ts';
import { defineRoute, problems } from './define-route.ts';

const IdParams = z.object({ id: z.string().max(64) });
const WHO = { operator: ['admin', 'compliance'] } as const;

/**
 * The routes of monitoring/routes.ts: the « Surveillance » queue of transaction-monitoring cases and
 * their decisions, for admin and compliance only. « no_suspicion » takes one operator; « report » is
 * proposed by one and approved by another, already active when it was proposed.
 */
export const monitoringRoutes = {
  getBackofficeMonitoringCases: defineRoute({
    method: 'GET',
    path: '/api/backoffice/monitoring/cases',
    auth: WHO,
    tags: ['backoffice'],
    summary: 'Monitoring cases: open (open and report proposed, oldest first) or closed (newest first)',
    query: MonitoringCasesQuery,
    response: { 200: MonitoringCaseList, ...problems(400, 401, 403) },
  }),
  getBackofficeMonitoringCasesById: defineRoute({
    method: 'GET',
    path: '/api/backoffice/monitoring/cases/:id',
    auth: WHO,
    tags: ['backoffice'],
    summary: 'One case: the customer’s file, the rules’ hits and the operations behind them, notes, timeline',
    params: IdParams,
    response: { 200: MonitoringCase, ...problems(401, 403, 404) },
  }),
  postBackofficeMonitoringCasesByIdNotes: defineRoute({
    method: 'POST',
    path: '/api/backoffice/monitoring/cases/:id/notes',
    auth: WHO,
    tags: ['backoffice'],
    summary: 'Add a note to a case still open (audited, without its text)',
    params: IdParams,
    body: MonitoringNoteRequest,
    response: { 200: MonitoringCase, ...problems(400, 401, 403, 404, 409) },
  }),
  postBackofficeMonitoringCasesByIdDecision: defineRoute({
    method: 'POST',
    path: '/api/backoffice/monitoring/cases/:id/decision',
    auth: WHO,
    tags: ['backoffice'],
    summary:
      'Decide a case with a note: no_suspicion closes it; report proposes the report, which another operator approves (audited)',
    params: IdParams,
    body: MonitoringDecisionRequest,
    response: { 200: MonitoringCase, ...problems(400, 401, 403, 404, 409) },
  }),
  postBackofficeMonitoringCasesByIdApprove: defineRoute({
    method: 'POST',
    path: '/api/backoffice/monitoring/cases/:id/approve',
    auth: WHO,
    tags: ['backoffice'],
    summary:
      'Approve a proposed report (never its proposer): the case closes and the suspicious-activity report is made, JSON and PDF, kept encrypted (audited)',
    params: IdParams,
    body: MonitoringApprovalRequest.nullish(),
    response: { 200: MonitoringCase, ...problems(400, 401, 403, 404, 409) },
  }),
  getBackofficeMonitoringCasesByIdReportPdf: defineRoute({
    method: 'GET',
    path: '/api/backoffice/monitoring/cases/:id/report.pdf',
    auth: WHO,
    tags: ['backoffice'],
    summary:
      'The case’s suspicious-activity report as a PDF, decrypted (attachment; every download is audited)',
    params: IdParams,
    produces: ['application/pdf'],
    response: { 200: z.unknown().meta({ description: 'The PDF' }), ...problems(401, 403, 404) },
  }),
  getBackofficeMonitoringCasesByIdReportJson: defineRoute({
    method: 'GET',
    path: '/api/backoffice/monitoring/cases/:id/report.json',
    auth: WHO,
    tags: ['backoffice'],
    summary:
      'The case’s suspicious-activity report as JSON, decrypted (attachment; every download is audited)',
    params: IdParams,
    produces: ['application/json'],
    response: { 200: z.unknown().meta({ description: 'The report' }), ...problems(401, 403, 404) },
  }),
} as const;
