import { z } from 'zod';
import { AmountCents, IsoDateTime, text } from './common.ts';

/**
 * Held incoming credits (docs/held-credits.md): an incoming credit from another bank that compliance
 * wants verified sits on a suspense account, not spendable, shown to the customer « en cours de
 * vérification ». It is released to the customer or returned to the originator's bank, each proposed
 * by one operator and approved by another, by a deadline the back office shows.
 */

/** `held` and the two proposals wait in the queue; `released` and `returned` are decided. */
export const HeldCreditStatus = z.enum([
  'held',
  'release_proposed',
  'return_proposed',
  'released',
  'returned',
]);
export type HeldCreditStatus = z.infer<typeof HeldCreditStatus>;

/** Why the money goes to the customer after all. */
export const HeldCreditReleaseReason = z.enum(['origin_justified', 'no_suspicion']);
export type HeldCreditReleaseReason = z.infer<typeof HeldCreditReleaseReason>;

/**
 * Why it goes back, as the return's ISO 20022 reason code (pacs.004 `RtrRsnInf/Rsn/Cd`): FRAD, the
 * credit's origin is fraudulent; MS03, a reason the bank does not give.
 */
export const HeldCreditReturnReason = z.enum(['FRAD', 'MS03']);
export type HeldCreditReturnReason = z.infer<typeof HeldCreditReturnReason>;

export const HELD_CREDIT_REASON_LABELS: Record<HeldCreditReleaseReason | HeldCreditReturnReason, string> = {
  origin_justified: 'Origine des fonds justifiée',
  no_suspicion: 'Pas de soupçon après vérification',
  FRAD: 'Origine frauduleuse (FRAD)',
  MS03: 'Motif non communiqué (MS03)',
};

export const HELD_CREDIT_STATUS_LABELS: Record<HeldCreditStatus, string> = {
  held: 'Retenu',
  release_proposed: 'Libération proposée',
  return_proposed: 'Retour proposé',
  released: 'Libéré',
  returned: 'Retourné à l’émetteur',
};

const NOTE_MAX = 4000;
const noteText = () =>
  text()
    .trim()
    .min(1, 'La note est obligatoire.')
    .max(NOTE_MAX, 'Note trop longue (4 000 caractères au maximum).');

/** `GET /api/backoffice/held-credits?status=open|closed`: to decide (nearest deadline first) or decided. */
export const HeldCreditsQuery = z.object({ status: z.enum(['open', 'closed']).default('open') });
export type HeldCreditsQuery = z.infer<typeof HeldCreditsQuery>;

/**
 * `POST /api/backoffice/held-credits`: hold a credit already booked to the customer (from a case's
 * operations); the hold joins the customer's case not yet decided, if any.
 */
export const HoldCreditRequest = z.object({
  entryId: z.string().regex(/^[1-9][0-9]{0,17}$/, 'Opération inconnue.'),
  note: noteText(),
});
export type HoldCreditRequest = z.infer<typeof HoldCreditRequest>;

/** `POST /api/backoffice/held-credits/{id}/release`: the first of two operators. */
export const ReleaseHeldCreditRequest = z.object({ reason: HeldCreditReleaseReason, note: noteText() });
export type ReleaseHeldCreditRequest = z.infer<typeof ReleaseHeldCreditRequest>;

/** `POST /api/backoffice/held-credits/{id}/return`: the first of two operators. */
export const ReturnHeldCreditRequest = z.object({ reason: HeldCreditReturnReason, note: noteText() });
export type ReturnHeldCreditRequest = z.infer<typeof ReturnHeldCreditRequest>;

/** `POST /api/backoffice/held-credits/{id}/approve`: another operator, with an optional note. */
export const ApproveHeldCreditRequest = z.object({
  note: text().trim().max(NOTE_MAX, 'Note trop longue (4 000 caractères au maximum).').optional(),
});
export type ApproveHeldCreditRequest = z.infer<typeof ApproveHeldCreditRequest>;

const OperatorRef = z.object({ id: z.string(), name: z.string(), email: z.string() });

/** A held credit as the back office reads it. */
export const HeldCredit = z
  .object({
    id: z.string(),
    status: HeldCreditStatus,
    customer: z.object({
      id: z.string(),
      customerNumber: z.string(),
      firstName: z.string().nullable(),
      lastName: z.string().nullable(),
    }),
    accountIban: z.string().nullable(),
    amount: AmountCents,
    originatorName: z.string().nullable(),
    originatorIban: z.string().nullable(),
    reference: z.string().nullable(),
    creditNumber: z.string().meta({ description: 'The incoming credit’s operation number' }),
    heldAt: IsoDateTime,
    heldBy: OperatorRef.nullable().meta({ description: 'null: held on arrival by the rule' }),
    holdRule: z.string().nullable(),
    holdNote: z.string().nullable(),
    caseId: z.string().nullable(),
    deadline: z.string().meta({ description: 'YYYY-MM-DD: the last day to decide' }),
    overdue: z.boolean(),
    proposal: z
      .object({
        action: z.enum(['release', 'return']),
        reason: z.enum([...HeldCreditReleaseReason.options, ...HeldCreditReturnReason.options]),
        note: z.string(),
        by: OperatorRef,
        at: IsoDateTime,
      })
      .nullable(),
    decision: z
      .object({ by: OperatorRef, at: IsoDateTime, note: z.string().nullable(), entryNumber: z.string() })
      .nullable(),
  })
  .meta({ id: 'HeldCredit' });
export type HeldCredit = z.infer<typeof HeldCredit>;

export const HeldCreditList = z.object({ items: z.array(HeldCredit) });
export type HeldCreditList = z.infer<typeof HeldCreditList>;

/** `GET /api/held-credits`: the customer's own, as they see them (no reason, no note, no operator). */
export const CustomerHeldCredit = z.object({
  id: z.string(),
  status: z.enum(['verifying', 'released', 'returned']),
  amount: AmountCents,
  originatorName: z.string().nullable(),
  heldAt: IsoDateTime,
  decidedAt: IsoDateTime.nullable(),
});
export type CustomerHeldCredit = z.infer<typeof CustomerHeldCredit>;

export const CustomerHeldCreditList = z.object({ items: z.array(CustomerHeldCredit) });
export type CustomerHeldCreditList = z.infer<typeof CustomerHeldCreditList>;

/** Live: one of the customer's held credits changed (held, released or returned): read them again. */
export const HeldCreditLiveEvent = z.object({ type: z.literal('held_credit') });
export type HeldCreditLiveEvent = z.infer<typeof HeldCreditLiveEvent>;

/** What the customer reads about a credit being verified. Neutral: no rule, no case, no suspicion. */
export const HELD_CREDIT_CUSTOMER_TEXT =
  'Ce virement reçu est en cours de vérification. Il sera disponible sur votre compte dès la fin de celle-ci.';
