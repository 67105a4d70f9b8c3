import { z } from 'zod';
import {
  CustomerScreeningsPage,
  CustomerScreeningsQuery,
  ScreeningSettings,
  ScreeningStatus,
  UpdateScreeningSettingsRequest,
} from '../screening-records.ts';
import { defineRoute, problems } from './define-route.ts';

const IdParams = z.object({ id: z.string().max(64) });

/**
 * The routes of screening/routes.ts: the screening records of a customer (every operator), the
 * screening's state (admin, compliance) and its threshold (read by admin and compliance, changed by
 * an admin only, audited).
 */
export const screeningRecordsRoutes = {
  getBackofficeCustomersByIdScreenings: defineRoute({
    method: 'GET',
    path: '/api/backoffice/customers/:id/screenings',
    auth: { operator: ['admin', 'compliance', 'support'] },
    tags: ['backoffice'],
    summary:
      'The customer’s and their beneficiaries’ screenings, newest first (when, list version, reason, result), with a summary',
    params: IdParams,
    query: CustomerScreeningsQuery,
    response: { 200: CustomerScreeningsPage, ...problems(400, 401, 403, 404) },
  }),
  getBackofficeScreeningSettings: defineRoute({
    method: 'GET',
    path: '/api/backoffice/screening/settings',
    auth: { operator: ['admin', 'compliance'] },
    tags: ['backoffice'],
    summary: 'The screening’s match threshold',
    response: { 200: ScreeningSettings, ...problems(401, 403) },
  }),
  putBackofficeScreeningSettings: defineRoute({
    method: 'PUT',
    path: '/api/backoffice/screening/settings',
    auth: { operator: ['admin'] },
    tags: ['backoffice'],
    summary: 'Change the match threshold (admin; audited); the next screenings use it',
    body: UpdateScreeningSettingsRequest,
    response: { 200: ScreeningSettings, ...problems(400, 401, 403) },
  }),
  getBackofficeScreeningStatus: defineRoute({
    method: 'GET',
    path: '/api/backoffice/screening/status',
    auth: { operator: ['admin', 'compliance'] },
    tags: ['backoffice'],
    summary:
      'The screening’s state: the list version in force, subjects due now, the last screening, customers never screened',
    response: { 200: ScreeningStatus, ...problems(401, 403) },
  }),
} as const;
