import { z } from 'zod';
import { IsoDateTime, text } from './common.ts';

/**
 * Sanctions screening alerts (docs/screening.md#alerts-decisions-and-freezes): a possible match of
 * a customer or a beneficiary against an entity of the EU list, decided by compliance. A false
 * positive takes one operator; a confirmation takes two (one proposes, another approves), and its
 * approval freezes the customer's funds or blocks the payee.
 */

/** `open` and `confirmation_proposed` wait in the queue; `closed` carries its decision. */
export const ScreeningAlertStatus = z.enum(['open', 'confirmation_proposed', 'closed']);
export type ScreeningAlertStatus = z.infer<typeof ScreeningAlertStatus>;
export const ScreeningDecisionKind = z.enum(['false_positive', 'confirmed']);
export type ScreeningDecisionKind = z.infer<typeof ScreeningDecisionKind>;

/** `GET /api/backoffice/screening/alerts?status=open|closed`: open (the queue, oldest first) by default. */
export const ScreeningAlertsQuery = z.object({ status: z.enum(['open', 'closed']).default('open') });
export type ScreeningAlertsQuery = z.infer<typeof ScreeningAlertsQuery>;

const NOTE_MAX = 2000;
const note = () =>
  text()
    .trim()
    .min(1, 'La note est obligatoire.')
    .max(NOTE_MAX, 'Note trop longue (2 000 caractères au maximum).');

/** `POST /api/backoffice/screening/alerts/{id}/decision`. */
export const ScreeningDecisionRequest = z.object({ decision: ScreeningDecisionKind, note: note() });
export type ScreeningDecisionRequest = z.infer<typeof ScreeningDecisionRequest>;

/** `POST /api/backoffice/screening/alerts/{id}/approve`: the second operator's optional note. */
export const ScreeningApprovalRequest = z.object({
  note: text().trim().max(NOTE_MAX, 'Note trop longue (2 000 caractères au maximum).').optional(),
});
export type ScreeningApprovalRequest = z.infer<typeof ScreeningApprovalRequest>;

/** An operator as a decision names them. */
export const ScreeningOperatorRef = z.object({ id: z.string(), name: z.string(), email: z.string() });
export type ScreeningOperatorRef = z.infer<typeof ScreeningOperatorRef>;

/** The customer a subject is or belongs to (names null once the customer is anonymised). */
export const ScreeningCustomerRef = z.object({
  id: z.string(),
  customerNumber: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  birthDate: z.string().nullable().meta({ description: 'YYYY-MM-DD' }),
});
export type ScreeningCustomerRef = z.infer<typeof ScreeningCustomerRef>;

/** Who was screened: a customer, or a beneficiary of a customer (null fields: the payee was deleted). */
export const ScreeningAlertSubject = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('customer'), customer: ScreeningCustomerRef }),
  z.object({
    kind: z.literal('beneficiary'),
    beneficiaryId: z.string(),
    name: z.string().nullable(),
    iban: z.string().nullable(),
    customer: ScreeningCustomerRef,
  }),
]);
export type ScreeningAlertSubject = z.infer<typeof ScreeningAlertSubject>;

/** The list entity as the version that matched it listed it. */
export const ScreeningListedEntry = z.object({
  entryId: z.string(),
  logicalId: z.number().int(),
  euReferenceNumber: z.string().nullable(),
  subjectType: z.enum(['person', 'enterprise', 'other']),
  aliases: z.array(
    z.object({
      wholeName: z.string(),
      firstName: z.string().nullable(),
      middleName: z.string().nullable(),
      lastName: z.string().nullable(),
      strong: z.boolean(),
      language: z.string().nullable(),
    }),
  ),
  birthDates: z.array(
    z.object({
      year: z.number().int(),
      month: z.number().int().nullable(),
      day: z.number().int().nullable(),
      circa: z.boolean(),
    }),
  ),
  citizenships: z.array(z.string()),
  identifications: z.array(
    z.object({ type: z.string(), number: z.string(), country: z.string().nullable() }),
  ),
  addresses: z.array(
    z.object({ street: z.string().nullable(), city: z.string().nullable(), country: z.string().nullable() }),
  ),
  regulations: z.array(
    z.object({
      programme: z.string().nullable(),
      numberTitle: z.string().nullable(),
      publicationDate: z.string().nullable(),
      publicationUrl: z.string().nullable(),
    }),
  ),
  remark: z.string().nullable(),
});
export type ScreeningListedEntry = z.infer<typeof ScreeningListedEntry>;

/** The matcher's explanation, stored with the alert: which alias, which tokens, which dates. */
export const ScreeningExplanation = z.object({
  alias: z.string(),
  strong: z.boolean(),
  language: z.string().nullable(),
  tokens: z.array(
    z.object({
      subject: z.string(),
      listed: z.string(),
      how: z.enum(['exact', 'transliteration', 'typo', 'transposition', 'initial']),
    }),
  ),
  unmatchedListed: z.array(z.string()),
  unmatchedSubject: z.array(z.string()),
  nameScore: z.number(),
  birthDate: z
    .object({
      listed: z.string(),
      subject: z.string(),
      effect: z.enum(['agrees', 'year_agrees', 'contradicts']),
    })
    .nullable(),
  country: z
    .object({
      listed: z.array(z.string()),
      subject: z.array(z.string()),
      effect: z.enum(['agrees', 'contradicts']),
    })
    .nullable(),
  summary: z.string().meta({ description: 'The score’s parts, in French' }),
});
export type ScreeningExplanation = z.infer<typeof ScreeningExplanation>;

/** A step of the decision: who, when, with which note. */
export const ScreeningDecisionStep = z.object({
  by: ScreeningOperatorRef,
  at: IsoDateTime,
  note: z.string().nullable(),
});
export type ScreeningDecisionStep = z.infer<typeof ScreeningDecisionStep>;

export const ScreeningAlert = z
  .object({
    id: z.string(),
    status: ScreeningAlertStatus,
    subject: ScreeningAlertSubject,
    entry: ScreeningListedEntry,
    listVersion: z.object({ id: z.string(), number: z.number().int() }),
    score: z.number().int().min(0).max(100),
    explanation: ScreeningExplanation,
    /** The confirmation proposed by a first operator (null: none). */
    proposal: ScreeningDecisionStep.nullable(),
    /** The closing decision (null while open or proposed). */
    decision: z
      .object({
        kind: ScreeningDecisionKind,
        by: ScreeningOperatorRef,
        at: IsoDateTime,
        note: z.string().nullable(),
      })
      .nullable(),
    /** The freeze or payee block the confirmation made (null: none). */
    freezeId: z.string().nullable(),
    createdAt: IsoDateTime,
  })
  .meta({ id: 'ScreeningAlert' });
export type ScreeningAlert = z.infer<typeof ScreeningAlert>;

export const ScreeningAlertList = z.object({ items: z.array(ScreeningAlert) });
export type ScreeningAlertList = z.infer<typeof ScreeningAlertList>;
