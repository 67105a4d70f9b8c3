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
export const DIRECT_DEBIT_RETURN_REASONS = ['AC04', 'MD01', 'MS02', 'AG01', 'SL01', 'AM04'] as const;
export const DirectDebitReturnReason = z.enum(DIRECT_DEBIT_RETURN_REASONS);
export type DirectDebitReturnReason = z.infer<typeof DirectDebitReturnReason>;

/** What the customer reads about a returned collection, per reason. */
export const DIRECT_DEBIT_RETURN_MESSAGES: Record<DirectDebitReturnReason, string> = {
  AC04: 'Prélèvement rejeté : le compte à débiter est clôturé (AC04).',
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
 * A `GET /api/events` message: a collection announced, refused, booked or returned. The browser
 * refreshes the balances; its notification comes as its own message.
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
});
export type DirectDebitLiveEvent = z.infer<typeof DirectDebitLiveEvent>;
