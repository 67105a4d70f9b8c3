import { z } from 'zod';
import { IsoDateTime, text } from './common.ts';

// ── Screening records (docs/screening.md#screening) ─────────────────────────────────────────────
// Every screening of a customer and of their beneficiaries: when, against which list version, why,
// and the result. What a supervisor asks to see.

/** Why a subject was screened: first time, a changed identity, a new list version, a new day. */
export const ScreeningReason = z.enum(['new_subject', 'identity_change', 'list_version', 'daily']);
export type ScreeningReason = z.infer<typeof ScreeningReason>;

/** `possible_match`: one entry scored at or above the threshold (an alert is opened for it). */
export const ScreeningOutcome = z.enum(['clear', 'possible_match']);
export type ScreeningOutcome = z.infer<typeof ScreeningOutcome>;

export const ScreeningSubjectKind = z.enum(['customer', 'beneficiary']);
export type ScreeningSubjectKind = z.infer<typeof ScreeningSubjectKind>;

/** `GET /api/backoffice/customers/:id/screenings?cursor=&limit=` */
export const CustomerScreeningsQuery = z.object({
  cursor: text().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type CustomerScreeningsQuery = z.infer<typeof CustomerScreeningsQuery>;

export const CustomerScreening = z
  .object({
    id: z.string(),
    screenedAt: IsoDateTime,
    /** The number of the list version screened against (1, 2, …). */
    listVersionNumber: z.number().int(),
    reason: ScreeningReason,
    subjectKind: ScreeningSubjectKind,
    /** The customer's or the beneficiary's name as on file today (null: the beneficiary was deleted since). */
    subjectName: z.string().nullable(),
    outcome: ScreeningOutcome,
    topScore: z.number().int().min(0).max(100),
    threshold: z.number().int().min(1).max(100),
  })
  .meta({ id: 'CustomerScreening' });
export type CustomerScreening = z.infer<typeof CustomerScreening>;

/** What the review and customer screens show at a glance. */
export const CustomerScreeningSummary = z
  .object({
    /** The customer's own last screening (null: never screened yet). */
    lastScreenedAt: IsoDateTime.nullable(),
    /** The list version of that screening. */
    listVersionNumber: z.number().int().nullable(),
    /** Alerts of the customer and their beneficiaries not yet decided. */
    openAlerts: z.number().int(),
    /** An asset freeze of the customer is in force. */
    frozen: z.boolean(),
  })
  .meta({ id: 'CustomerScreeningSummary' });
export type CustomerScreeningSummary = z.infer<typeof CustomerScreeningSummary>;

/** The customer's and their beneficiaries' screenings, newest first, by cursor, with the summary. */
export const CustomerScreeningsPage = z
  .object({
    summary: CustomerScreeningSummary,
    items: z.array(CustomerScreening),
    nextCursor: z.string().nullable(),
  })
  .meta({ id: 'CustomerScreeningsPage' });
export type CustomerScreeningsPage = z.infer<typeof CustomerScreeningsPage>;

export const MatchThreshold = z.number().int().min(1).max(100);

/** `GET /api/backoffice/screening/settings` */
export const ScreeningSettings = z
  .object({
    /** A score at or above it (0–100) opens an alert. */
    matchThreshold: MatchThreshold,
    updatedAt: IsoDateTime.nullable(),
    /** The e-mail of the operator who last changed it (null: never changed). */
    updatedBy: z.string().nullable(),
  })
  .meta({ id: 'ScreeningSettings' });
export type ScreeningSettings = z.infer<typeof ScreeningSettings>;

/** `PUT /api/backoffice/screening/settings` (admin only, audited). */
export const UpdateScreeningSettingsRequest = z.object({ matchThreshold: MatchThreshold });
export type UpdateScreeningSettingsRequest = z.infer<typeof UpdateScreeningSettingsRequest>;

/** `GET /api/backoffice/screening/status` */
export const ScreeningStatus = z
  .object({
    /** The list version in force (null: no list loaded yet, so nobody can be screened). */
    listVersion: z
      .object({
        id: z.string(),
        number: z.number().int(),
        loadedAt: IsoDateTime,
        entryCount: z.number().int(),
      })
      .nullable(),
    /** Customers and beneficiaries due for a screening now (0 when no list is in force). */
    dueNow: z.number().int(),
    /** The last screening of anyone (null: none yet). */
    lastScreenedAt: IsoDateTime.nullable(),
    /** Customers who should be screened (submitted or open) and never were. */
    neverScreened: z.number().int(),
  })
  .meta({ id: 'ScreeningStatus' });
export type ScreeningStatus = z.infer<typeof ScreeningStatus>;
