import { z } from 'zod';
import {
  ManualEntriesQuery,
  ManualEntry,
  ManualEntryList,
  ManualEntryRefusal,
  ManualEntryRequest,
} from '../manual-entries.ts';
import { Problem } from '../problem.ts';
import { defineRoute, problems } from './define-route.ts';

const IdParams = z.object({ id: z.string().max(64) });

/**
 * The routes of manual-entries/routes.ts. Admin and compliance make and check manual entries (four
 * eyes: the checker is another of them); every operator reads them.
 */
export const manualEntriesRoutes = {
  getBackofficeCustomersByIdManualEntries: defineRoute({
    method: 'GET',
    path: '/api/backoffice/customers/:id/manual-entries',
    auth: { operator: ['admin', 'compliance', 'support'] },
    tags: ['backoffice'],
    summary: 'Manual entries of one customer, newest first',
    params: IdParams,
    query: ManualEntriesQuery,
    response: { 200: ManualEntryList, 400: Problem, 401: Problem, 403: Problem, 404: Problem },
  }),
  postBackofficeCustomersByIdManualEntries: defineRoute({
    method: 'POST',
    path: '/api/backoffice/customers/:id/manual-entries',
    auth: { operator: ['admin', 'compliance'] },
    headersNeeded: ['Idempotency-Key'],
    tags: ['backoffice'],
    summary:
      'Manual entry (admin, compliance; Idempotency-Key): posted at once up to the threshold, else pending a second operator',
    params: IdParams,
    body: ManualEntryRequest,
    response: {
      201: ManualEntry,
      ...problems(400, 401, 403, 404, 409, 422),
    },
  }),
  getBackofficeManualEntries: defineRoute({
    method: 'GET',
    path: '/api/backoffice/manual-entries',
    auth: { operator: ['admin', 'compliance', 'support'] },
    tags: ['backoffice'],
    summary: 'Manual entries of every customer (status=pending: the checkers’ queue)',
    query: ManualEntriesQuery,
    response: { 200: ManualEntryList, 400: Problem, 401: Problem, 403: Problem },
  }),
  postBackofficeManualEntriesByIdApprove: defineRoute({
    method: 'POST',
    path: '/api/backoffice/manual-entries/:id/approve',
    auth: { operator: ['admin', 'compliance'] },
    tags: ['backoffice'],
    summary: 'Approve a pending manual entry (admin, compliance; never its maker): posted',
    params: IdParams,
    response: {
      200: ManualEntry,
      ...problems(401, 403, 404, 409, 422),
    },
  }),
  postBackofficeManualEntriesByIdRefuse: defineRoute({
    method: 'POST',
    path: '/api/backoffice/manual-entries/:id/refuse',
    auth: { operator: ['admin', 'compliance'] },
    tags: ['backoffice'],
    summary: 'Refuse a pending manual entry (admin, compliance; never its maker)',
    params: IdParams,
    body: ManualEntryRefusal,
    response: {
      200: ManualEntry,
      ...problems(400, 401, 403, 404, 409),
    },
  }),
} as const;
