import { z } from 'zod';
import {
  ScreeningAlert,
  ScreeningAlertList,
  ScreeningAlertsQuery,
  ScreeningApprovalRequest,
  ScreeningDecisionRequest,
} from '../screening-alerts.ts';
import { defineRoute, problems } from './define-route.ts';

const IdParams = z.object({ id: z.string().max(64) });

/**
 * The routes of screening/alert-routes.ts: the « Criblage » queue and its decisions, for admin and
 * compliance only. A false positive takes one operator; a confirmation is proposed by one and
 * approved by another, already active when it was proposed.
 */
export const screeningAlertsRoutes = {
  getBackofficeScreeningAlerts: defineRoute({
    method: 'GET',
    path: '/api/backoffice/screening/alerts',
    auth: { operator: ['admin', 'compliance'] },
    tags: ['backoffice'],
    summary: 'Screening alerts: open (open and confirmation proposed, oldest first) or closed (newest first)',
    query: ScreeningAlertsQuery,
    response: { 200: ScreeningAlertList, ...problems(400, 401, 403) },
  }),
  getBackofficeScreeningAlertsById: defineRoute({
    method: 'GET',
    path: '/api/backoffice/screening/alerts/:id',
    auth: { operator: ['admin', 'compliance'] },
    tags: ['backoffice'],
    summary:
      'One screening alert: the subject and the list entry side by side, the score and its explanation',
    params: IdParams,
    response: { 200: ScreeningAlert, ...problems(401, 403, 404) },
  }),
  postBackofficeScreeningAlertsByIdDecision: defineRoute({
    method: 'POST',
    path: '/api/backoffice/screening/alerts/:id/decision',
    auth: { operator: ['admin', 'compliance'] },
    tags: ['backoffice'],
    summary:
      'Decide an alert with a note: false_positive closes it; confirmed proposes a confirmation that another operator approves (audited)',
    params: IdParams,
    body: ScreeningDecisionRequest,
    response: { 200: ScreeningAlert, ...problems(400, 401, 403, 404, 409) },
  }),
  postBackofficeScreeningAlertsByIdApprove: defineRoute({
    method: 'POST',
    path: '/api/backoffice/screening/alerts/:id/approve',
    auth: { operator: ['admin', 'compliance'] },
    tags: ['backoffice'],
    summary:
      'Approve a proposed confirmation (never its proposer): the alert closes confirmed and the funds are frozen, or the payee blocked (audited)',
    params: IdParams,
    /** Optional: a call without a body approves without a note. */
    body: ScreeningApprovalRequest.nullish(),
    response: { 200: ScreeningAlert, ...problems(400, 401, 403, 404, 409) },
  }),
} as const;
