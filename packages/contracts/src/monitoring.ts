import { z } from 'zod';
import { AmountCents, IsoDateTime, text } from './common.ts';

/**
 * Transaction monitoring (docs/monitoring.md): rules run after each movement's commit; a hit opens a
 * case for the customer (one at a time), worked in the back office's « Surveillance » queue by admin
 * and compliance. « no_suspicion » closes it; « report » takes two operators — one proposes, another
 * approves — and makes the suspicious-activity report for the financial intelligence unit. The
 * customer is never told.
 */

export const MonitoringRule = z.enum([
  'structuring',
  'pass_through',
  'new_payee_large_amount',
  'velocity',
  'convergence',
  'dormant_account',
]);
export type MonitoringRule = z.infer<typeof MonitoringRule>;

/** `open` and `report_proposed` wait in the queue; `closed` carries its decision. */
export const MonitoringCaseStatus = z.enum(['open', 'report_proposed', 'closed']);
export type MonitoringCaseStatus = z.infer<typeof MonitoringCaseStatus>;
export const MonitoringDecisionKind = z.enum(['no_suspicion', 'report']);
export type MonitoringDecisionKind = z.infer<typeof MonitoringDecisionKind>;

/** `GET /api/backoffice/monitoring/cases?status=open|closed`: the queue (oldest first) by default. */
export const MonitoringCasesQuery = z.object({ status: z.enum(['open', 'closed']).default('open') });
export type MonitoringCasesQuery = z.infer<typeof MonitoringCasesQuery>;

const NOTE_MAX = 4000;
const noteText = () =>
  text()
    .trim()
    .min(1, 'La note est obligatoire.')
    .max(NOTE_MAX, 'Note trop longue (4 000 caractères au maximum).');

/** `POST /api/backoffice/monitoring/cases/{id}/decision`: the note is the report's narrative for « report ». */
export const MonitoringDecisionRequest = z.object({
  decision: MonitoringDecisionKind.meta({ description: 'no_suspicion closes; report proposes the report' }),
  note: noteText(),
});
export type MonitoringDecisionRequest = z.infer<typeof MonitoringDecisionRequest>;

/** `POST /api/backoffice/monitoring/cases/{id}/approve`: the second operator's optional note. */
export const MonitoringApprovalRequest = z.object({
  note: text().trim().max(NOTE_MAX, 'Note trop longue (4 000 caractères au maximum).').optional(),
});
export type MonitoringApprovalRequest = z.infer<typeof MonitoringApprovalRequest>;

/** `POST /api/backoffice/monitoring/cases/{id}/notes`: a note while the case is worked. */
export const MonitoringNoteRequest = z.object({ note: noteText() });
export type MonitoringNoteRequest = z.infer<typeof MonitoringNoteRequest>;

export const MonitoringOperatorRef = z.object({ id: z.string(), name: z.string(), email: z.string() });
export type MonitoringOperatorRef = z.infer<typeof MonitoringOperatorRef>;

/** The customer's file as the case shows it (names null once the customer is anonymised). */
export const MonitoringCustomer = z.object({
  id: z.string(),
  customerNumber: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  birthDate: z.string().nullable().meta({ description: 'YYYY-MM-DD' }),
  email: z.string(),
  status: z.string(),
  profession: z.string().nullable(),
  incomeRange: z.string().nullable(),
  createdAt: IsoDateTime,
});
export type MonitoringCustomer = z.infer<typeof MonitoringCustomer>;

/** An operation behind a hit, as the customer's account shows it (credit > 0). */
export const MonitoringOperation = z.object({
  entryId: z.string(),
  number: z.string(),
  at: IsoDateTime,
  kind: z.string(),
  amount: AmountCents.meta({ description: 'Signed cents on the customer’s account: a credit is positive' }),
  counterpartyName: z.string().nullable(),
  counterpartyIban: z.string().nullable(),
});
export type MonitoringOperation = z.infer<typeof MonitoringOperation>;

export const MonitoringHit = z.object({
  id: z.string(),
  rule: MonitoringRule,
  ruleVersion: z.number().int(),
  /** The finding in French, with its figures. */
  summary: z.string(),
  operations: z.array(MonitoringOperation),
  createdAt: IsoDateTime,
});
export type MonitoringHit = z.infer<typeof MonitoringHit>;

export const MonitoringNote = z.object({ by: MonitoringOperatorRef, at: IsoDateTime, note: z.string() });
export type MonitoringNote = z.infer<typeof MonitoringNote>;

/** The case's history, oldest first: its hits, notes, proposal and decision. */
export const MonitoringTimelineItem = z.object({
  at: IsoDateTime,
  kind: z.enum(['hit', 'note', 'proposal', 'decision']),
  text: z.string(),
  by: MonitoringOperatorRef.nullable(),
});
export type MonitoringTimelineItem = z.infer<typeof MonitoringTimelineItem>;

export const MonitoringCase = z
  .object({
    id: z.string(),
    status: MonitoringCaseStatus,
    customer: MonitoringCustomer,
    openedAt: IsoDateTime,
    updatedAt: IsoDateTime,
    rules: z.array(MonitoringRule).meta({ description: 'The rules hit, in the order first hit' }),
    hits: z.array(MonitoringHit),
    notes: z.array(MonitoringNote),
    proposal: z.object({ by: MonitoringOperatorRef, at: IsoDateTime, note: z.string() }).nullable(),
    decision: z
      .object({
        kind: MonitoringDecisionKind,
        by: MonitoringOperatorRef,
        at: IsoDateTime,
        note: z.string().nullable(),
      })
      .nullable(),
    /** Whether the report's files exist (after an approved « report »). */
    reported: z.boolean(),
    timeline: z.array(MonitoringTimelineItem),
  })
  .meta({ id: 'MonitoringCase' });
export type MonitoringCase = z.infer<typeof MonitoringCase>;

/** A case in the queue: who, since when, which rules, how many hits. */
export const MonitoringCaseSummary = z.object({
  id: z.string(),
  status: MonitoringCaseStatus,
  customer: MonitoringCustomer.pick({ id: true, customerNumber: true, firstName: true, lastName: true }),
  openedAt: IsoDateTime,
  updatedAt: IsoDateTime,
  rules: z.array(MonitoringRule),
  hitCount: z.number().int(),
  decision: MonitoringDecisionKind.nullable(),
});
export type MonitoringCaseSummary = z.infer<typeof MonitoringCaseSummary>;

export const MonitoringCaseList = z.object({ items: z.array(MonitoringCaseSummary) });
export type MonitoringCaseList = z.infer<typeof MonitoringCaseList>;

/** The rules' names in French, for the queue and the report. */
export const MONITORING_RULE_LABELS: Record<MonitoringRule, string> = {
  structuring: 'Fractionnement',
  pass_through: 'Compte de passage',
  new_payee_large_amount: 'Nouveau bénéficiaire, montant élevé',
  velocity: 'Rafale de virements',
  convergence: 'Convergence de payeurs',
  dormant_account: 'Compte dormant',
};
