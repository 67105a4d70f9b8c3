// SEPA Direct Debit (SDD Core) on the payer's side (docs/direct-debits.md): the collections other
// banks announce on a customer's account, the mandates behind them and the customer's rules.
import { z } from 'zod';
import { AmountCents, IsoDateTime, text } from './common.ts';

/** The sequence of a collection: first of a mandate, recurring, one-off, last. */
export const DIRECT_DEBIT_SEQUENCES = ['FRST', 'RCUR', 'OOFF', 'FNAL'] as const;
export const DirectDebitSequence = z.enum(DIRECT_DEBIT_SEQUENCES, {
  error: 'Séquence invalide : FRST, RCUR, OOFF ou FNAL.',
});
export type DirectDebitSequence = z.infer<typeof DirectDebitSequence>;

/**
 * `announced`: waiting for its due date; `refused`: the customer refused it, it will be returned
 * MS02 on its due date; `booked`: debited; `returned`: not paid, with its ISO 20022 reason.
 */
export const DIRECT_DEBIT_STATUSES = ['announced', 'refused', 'booked', 'returned'] as const;
export const DirectDebitStatus = z.enum(DIRECT_DEBIT_STATUSES);
export type DirectDebitStatus = z.infer<typeof DirectDebitStatus>;

/** Why a collection is returned unpaid, checked in this order on its due date. */
export const DIRECT_DEBIT_RETURN_REASONS = ['AC04', 'AC06', 'MD01', 'MS02', 'AG01', 'SL01', 'AM04'] as const;
export const DirectDebitReturnReason = z.enum(DIRECT_DEBIT_RETURN_REASONS);
export type DirectDebitReturnReason = z.infer<typeof DirectDebitReturnReason>;

/** What the customer reads about a returned collection, per reason. */
export const DIRECT_DEBIT_RETURN_MESSAGES: Record<DirectDebitReturnReason, string> = {
  AC04: 'Prélèvement rejeté : le compte à débiter est clôturé (AC04).',
  // An asset freeze: the neutral words of every refused payment, naming no list.
  AC06: 'Prélèvement rejeté : votre compte fait l’objet d’une mesure de gel. Contactez votre conseiller (AC06).',
  MD01: 'Prélèvement rejeté : aucun mandat valide, il a été révoqué ou n’a jamais été reçu (MD01).',
  MS02: 'Prélèvement rejeté à votre demande (MS02).',
  AG01: 'Prélèvement rejeté : vos règles de prélèvement refusent ce créancier (AG01).',
  SL01: 'Prélèvement rejeté : il dépasse une limite fixée sur ce mandat (SL01).',
  AM04: 'Prélèvement rejeté : solde insuffisant (AM04).',
};

export const MANDATE_PERIODS = ['month', 'year'] as const;
export const MandatePeriod = z.enum(MANDATE_PERIODS, { error: 'Période invalide : month ou year.' });
export type MandatePeriod = z.infer<typeof MandatePeriod>;

const MAX_AMOUNT = 100_000_000;

/**
 * `POST /api/sandbox/direct-debits`: a collection as the creditor's bank announces it. The fields'
 * SEPA rules (Creditor Identifier, mandate reference, character set, due date) are checked by the
 * server, each with its own French answer.
 */
export const SandboxDirectDebitRequest = z.object({
  iban: text().trim().min(15).max(40),
  creditorId: text().trim().min(1).max(40),
  creditorName: text().trim().min(1).max(70),
  mandateId: text().max(64),
  mandateSignedOn: text().max(10),
  sequence: DirectDebitSequence,
  amount: AmountCents.positive('Le montant doit être positif.').max(
    MAX_AMOUNT,
    'Montant trop élevé (1 000 000 € au maximum).',
  ),
  dueDate: text().max(10),
  remittanceInfo: text().trim().max(140).default(''),
});
export type SandboxDirectDebitRequest = z.infer<typeof SandboxDirectDebitRequest>;

export const DIRECT_DEBIT_MESSAGES = {
  refundClosed:
    'Ce prélèvement ne peut plus être remboursé sans condition : les 8 semaines après son débit sont passées. Vous pouvez contester un prélèvement non autorisé pendant 13 mois.',
  refundNotBooked: 'Seul un prélèvement débité peut être remboursé.',
  alreadyRefunded: 'Ce prélèvement a déjà été remboursé.',
  claimClosed: 'Ce prélèvement ne peut plus être contesté : les 13 mois après son débit sont passés.',
  claimNotBooked: 'Seul un prélèvement débité peut être contesté.',
  claimExists: 'Une contestation de ce prélèvement existe déjà.',
  claimReasonRequired: 'Expliquez pourquoi ce prélèvement n’était pas autorisé.',
  claimDecided: 'Cette contestation a déjà été tranchée.',
  decisionNoteRequired: 'Indiquez le motif de la décision, que le client lira.',
} as const;

/**
 * A claim (contestation) for an unauthorised collection: no mandate was signed, or it had been
 * revoked. Compliance decides; an accepted claim credits the amount back, value-dated on the debit
 * date.
 */
export const DIRECT_DEBIT_CLAIM_STATUSES = ['pending', 'accepted', 'rejected'] as const;
export const DirectDebitClaimStatus = z.enum(DIRECT_DEBIT_CLAIM_STATUSES);
export type DirectDebitClaimStatus = z.infer<typeof DirectDebitClaimStatus>;

export const DirectDebitClaim = z
  .object({
    id: z.string(),
    collectionId: z.string(),
    status: DirectDebitClaimStatus,
    /** The customer's explanation. */
    reason: z.string(),
    createdAt: IsoDateTime,
    decidedAt: IsoDateTime.nullable(),
    /** The operator's reason, which the customer reads. */
    decisionNote: z.string().nullable(),
  })
  .meta({ id: 'DirectDebitClaim' });
export type DirectDebitClaim = z.infer<typeof DirectDebitClaim>;

/** One collection announced on one of the customer's accounts. */
export const DirectDebitCollection = z
  .object({
    id: z.string(),
    accountId: z.string(),
    /** Null when the mandate is unknown to this bank (the collection is returned MD01). */
    mandateId: z.string().nullable(),
    creditorId: z.string(),
    creditorName: z.string(),
    mandateReference: z.string(),
    sequence: DirectDebitSequence,
    amount: AmountCents,
    dueDate: z.string(),
    remittanceInfo: z.string(),
    status: DirectDebitStatus,
    returnReason: DirectDebitReturnReason.nullable(),
    /** The French message of the return reason. */
    returnMessage: z.string().nullable(),
    /** The last day (Europe/Paris, until midnight) the customer may refuse it: the business day before its due date. */
    refusableUntil: z.string(),
    /** The `st-` number of its ledger entry, once booked. */
    number: z.string().nullable(),
    createdAt: IsoDateTime,
    settledAt: IsoDateTime.nullable(),
    /**
     * The last day (Europe/Paris) a refund may be asked without question: 8 weeks after the debit
     * date. Null unless booked and not yet refunded (or past that day).
     */
    refundableUntil: z.string().nullable(),
    /** When it was refunded (by the customer's refund or an accepted claim), null if not. */
    refundedAt: IsoDateTime.nullable(),
    /** The `st-` number of the refund's ledger entry, value-dated on the debit date. */
    refundNumber: z.string().nullable(),
    /**
     * The last day (Europe/Paris) a claim for an unauthorised collection may be made: 13 months
     * after the debit date. Null unless booked, not refunded and without a claim (or past that day).
     */
    claimableUntil: z.string().nullable(),
    /** The customer's claim on this collection, if any. */
    claim: DirectDebitClaim.nullable(),
  })
  .meta({ id: 'DirectDebitCollection' });
export type DirectDebitCollection = z.infer<typeof DirectDebitCollection>;

export const DirectDebitCollectionList = z.object({ items: z.array(DirectDebitCollection) });
export type DirectDebitCollectionList = z.infer<typeof DirectDebitCollectionList>;

/** The customer's caps on a mandate; null = none. A count needs its period. */
export const MandateLimits = z
  .object({
    maxAmount: AmountCents.positive('Le montant maximal doit être positif.')
      .max(MAX_AMOUNT, 'Montant trop élevé (1 000 000 € au maximum).')
      .nullable(),
    maxCount: z
      .number()
      .int()
      .min(1, 'Le nombre maximal de prélèvements doit être au moins 1.')
      .max(1000, 'Nombre de prélèvements trop élevé (1 000 au maximum).')
      .nullable(),
    period: MandatePeriod.nullable(),
  })
  .refine((l) => (l.maxCount === null) === (l.period === null), {
    message: 'Un nombre maximal de prélèvements va avec sa période (mois ou année).',
    path: ['period'],
  })
  .meta({ id: 'MandateLimits' });
export type MandateLimits = z.infer<typeof MandateLimits>;

/** A mandate as this bank knows it: from the first collection the creditor's bank announced. */
export const DirectDebitMandate = z
  .object({
    id: z.string(),
    accountId: z.string(),
    creditorId: z.string(),
    creditorName: z.string(),
    reference: z.string(),
    signedOn: z.string(),
    /** `ended`: its one-off (OOFF) or final (FNAL) collection was booked. */
    status: z.enum(['active', 'revoked', 'ended']),
    revokedAt: IsoDateTime.nullable(),
    limits: MandateLimits,
    createdAt: IsoDateTime,
    lastCollectionAt: IsoDateTime.nullable(),
  })
  .meta({ id: 'DirectDebitMandate' });
export type DirectDebitMandate = z.infer<typeof DirectDebitMandate>;

export const DirectDebitMandateList = z.object({ items: z.array(DirectDebitMandate) });
export type DirectDebitMandateList = z.infer<typeof DirectDebitMandateList>;

/**
 * The customer's rules for every direct debit: refuse them all, accept only the listed creditors
 * (an empty list accepts all), refuse the blocked ones. Creditor Identifiers, compared without
 * their business code.
 */
export const DirectDebitSettings = z
  .object({
    blockAll: z.boolean(),
    allowedCreditorIds: z.array(text().trim().min(1).max(40)).max(100),
    blockedCreditorIds: z.array(text().trim().min(1).max(40)).max(100),
  })
  .meta({ id: 'DirectDebitSettings' });
export type DirectDebitSettings = z.infer<typeof DirectDebitSettings>;

/**
 * A `GET /api/events` message: a collection announced, refused, booked or returned — or, once
 * booked, refunded or its claim decided (`activity`). The browser refreshes the balances; its
 * notification comes as its own message.
 */
export const DirectDebitLiveEvent = z.object({
  type: z.literal('direct_debit'),
  collectionId: z.string(),
  status: DirectDebitStatus,
  amount: AmountCents,
  creditorName: z.string(),
  dueDate: z.string(),
  returnReason: DirectDebitReturnReason.nullable(),
  returnMessage: z.string().nullable(),
  /**
   * What happened to a booked collection: refunded by the customer (`refunded`), a claim accepted
   * (credited back) or rejected. Absent for announcements, refusals, bookings and returns.
   */
  activity: z.enum(['refunded', 'claim_accepted', 'claim_rejected']).optional(),
  /** The operator's note on a claim's decision, which the customer reads. */
  decisionNote: z.string().nullable().optional(),
});
export type DirectDebitLiveEvent = z.infer<typeof DirectDebitLiveEvent>;

/** `POST /api/direct-debits/collections/{id}/claims`. */
export const CreateDirectDebitClaim = z.object({
  reason: text({ error: DIRECT_DEBIT_MESSAGES.claimReasonRequired })
    .trim()
    .min(1, DIRECT_DEBIT_MESSAGES.claimReasonRequired)
    .max(1000, 'Explication trop longue (1 000 caractères au maximum).'),
});
export type CreateDirectDebitClaim = z.infer<typeof CreateDirectDebitClaim>;

/** `POST /api/backoffice/direct-debit-claims/{id}/decision` (compliance). */
export const DecideDirectDebitClaim = z.object({
  decision: z.enum(['accept', 'reject'], { error: 'Décision invalide : accept ou reject.' }),
  note: text({ error: DIRECT_DEBIT_MESSAGES.decisionNoteRequired })
    .trim()
    .min(1, DIRECT_DEBIT_MESSAGES.decisionNoteRequired)
    .max(1000, 'Motif trop long (1 000 caractères au maximum).'),
});
export type DecideDirectDebitClaim = z.infer<typeof DecideDirectDebitClaim>;

/** A claim in the back office's queue: the claim, its collection and who made it. */
export const BackofficeDirectDebitClaim = DirectDebitClaim.extend({
  customerId: z.string(),
  customerName: z.string(),
  collection: DirectDebitCollection,
  /** The operator who decided, by e-mail. */
  decidedBy: z.string().nullable(),
}).meta({ id: 'BackofficeDirectDebitClaim' });
export type BackofficeDirectDebitClaim = z.infer<typeof BackofficeDirectDebitClaim>;

export const BackofficeDirectDebitClaimList = z.object({ items: z.array(BackofficeDirectDebitClaim) });
export type BackofficeDirectDebitClaimList = z.infer<typeof BackofficeDirectDebitClaimList>;

/** A customer's direct debits as the back office reads them. */
export const BackofficeCustomerDirectDebits = z.object({
  mandates: z.array(DirectDebitMandate),
  collections: z.array(DirectDebitCollection),
  settings: DirectDebitSettings,
});
export type BackofficeCustomerDirectDebits = z.infer<typeof BackofficeCustomerDirectDebits>;
