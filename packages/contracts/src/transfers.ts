// Outgoing transfers (docs/product/transfers.md#execution).
import { z } from 'zod';
import { isSepaText, SEPA_CHARSET_MESSAGE } from '@comptoir/core';
import { AmountCents, Id, IsoDateTime, text } from './common.ts';

export const TRANSFER_TYPES = ['instant', 'standard'] as const;
export const TransferType = z.enum(TRANSFER_TYPES);
export type TransferType = z.infer<typeof TransferType>;

/**
 * scheduled: waiting for its execution date (nothing reserved yet for a future date);
 * pending: funds reserved, waiting for the rail or the next business day;
 * executed: booked; rejected: the payee's bank refused it or did not answer (funds released);
 * cancelled: by the customer before execution; skipped: a repetition that met insufficient funds.
 */
export const TRANSFER_STATUSES = [
  'scheduled',
  'pending',
  'executed',
  'rejected',
  'cancelled',
  'skipped',
] as const;
export const TransferStatus = z.enum(TRANSFER_STATUSES);
export type TransferStatus = z.infer<typeof TransferStatus>;

/** How far ahead a transfer may be dated, in days from today (Europe/Paris): a year, leap day included. */
export const TRANSFER_MAX_DAYS_AHEAD = 366;

/** Monthly repetition: until an end date (inclusive) or for a number of occurrences (first included). */
export const TransferRepeat = z
  .object({
    frequency: z.literal('monthly'),
    endDate: text()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .optional(),
    count: z.number().int().min(2).max(120).optional(),
  })
  .meta({ id: 'TransferRepeat' });
export type TransferRepeat = z.infer<typeof TransferRepeat>;

/** `POST /api/transfers` (SCA: action `transfer`, details `{amount, payeeIban, payeeName}`; Idempotency-Key). */
/** docs/product/transfers.md#rules-in-this-order: a missing beneficiary or an amount ≤ 0 (the server checks it first, in this words). */
export const TRANSFER_FIELDS_MESSAGE = 'Veuillez remplir tous les champs correctement.';

export const CreateTransferRequest = z
  .object({
    accountId: Id,
    /** Empty or absent: refused by the server with TRANSFER_FIELDS_MESSAGE (the first rule of docs/product/transfers.md#rules-in-this-order). */
    beneficiaryId: text().max(64).default(''),
    /** Must be > 0 (refused by the server with TRANSFER_FIELDS_MESSAGE otherwise). */
    amount: AmountCents,
    /** Motif: SEPA character set, at most 140 characters. */
    reference: text()
      .max(140, { message: 'Le motif ne peut pas dépasser 140 caractères.' })
      .refine(isSepaText, { message: SEPA_CHARSET_MESSAGE })
      .default(''),
    type: TransferType,
    /** YYYY-MM-DD, Europe/Paris; absent or today = standard timing, later = scheduled. Standard only. */
    executionDate: text()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .optional(),
    repeat: TransferRepeat.optional(),
  })
  .meta({ id: 'CreateTransferRequest' });
export type CreateTransferRequest = z.infer<typeof CreateTransferRequest>;

export const Transfer = z
  .object({
    id: z.string(),
    /** `st-` + 8 digits. */
    number: z.string(),
    status: TransferStatus,
    type: TransferType,
    accountId: z.string(),
    beneficiaryId: z.string().nullable(),
    payeeName: z.string(),
    payeeIban: z.string(),
    payeeBic: z.string().nullable(),
    amount: AmountCents,
    reference: z.string(),
    /** YYYY-MM-DD the transfer executes (or executed). */
    executionDate: z.string(),
    repeat: TransferRepeat.nullable(),
    /** ISO 20022 reason code of a rejection (e.g. AC04), with its French message. */
    reasonCode: z.string().nullable(),
    reasonMessage: z.string().nullable(),
    /** The third party (PSD2 payment initiation) through which the customer ordered it; else null. */
    initiatedVia: z.string().nullable(),
    createdAt: IsoDateTime,
    executedAt: IsoDateTime.nullable(),
  })
  .meta({ id: 'Transfer' });
export type Transfer = z.infer<typeof Transfer>;

export const CreateTransferResponse = Transfer;
/** `GET /api/transfers`: the customer's upcoming transfers and the most recent others. */
export const TransferListQuery = z.object({
  /** Only this account's transfers. */
  accountId: Id.optional(),
  /** How many recent (executed, rejected, cancelled, skipped) transfers, newest first. */
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type TransferListQuery = z.infer<typeof TransferListQuery>;

export const TransferList = z
  .object({
    /** Scheduled and pending transfers (cancellable), soonest first. */
    upcoming: z.array(Transfer),
    recent: z.array(Transfer),
  })
  .meta({ id: 'TransferList' });
export type TransferList = z.infer<typeof TransferList>;

/**
 * A `GET /api/events` message: one of the customer's transfers changed status (an instant transfer
 * to another bank settled or was rejected, a one-off transfer executed, a repetition was skipped).
 */
export const TransferEvent = z.object({
  type: z.literal('transfer'),
  transferId: z.string(),
  number: z.string(),
  status: TransferStatus,
  reasonMessage: z.string().nullable(),
});
export type TransferEvent = z.infer<typeof TransferEvent>;
