import { z } from 'zod';
import { AmountCents, text } from './common.ts';
import { ENTRY_KINDS, Operation } from './accounts.ts';

/** A calendar month, `YYYY-MM` (Europe/Luxembourg time when the server reads it). */
export const MonthParam = text().regex(/^(19|20)\d{2}-(0[1-9]|1[0-2])$/, 'Mois attendu au format AAAA-MM');

/**
 * `GET /api/accounts/{id}/transactions/{entryId}`: one operation with what its detail sheet shows.
 * `valueDate` is the Luxembourg calendar day the amount counts from: the booking day, unless the
 * entry carries its own (a direct debit's refund counts from the day it was debited);
 * `balanceAfter` is set on posted operations only.
 */
export const OperationDetail = Operation.extend({
  valueDate: z.string().nullable().meta({ description: 'YYYY-MM-DD, posted operations only' }),
  merchant: z.string().nullable().meta({ description: 'Card operations: the merchant' }),
  cardChannel: z.enum(['online', 'in_store', 'atm']).nullable(),
  transferType: z.enum(['instant', 'standard']).nullable(),
  direction: z.enum(['credit', 'debit']),
}).meta({ id: 'OperationDetail' });
export type OperationDetail = z.infer<typeof OperationDetail>;

export const OperationsSummaryQuery = z.object({ month: MonthParam.optional() });

export const MonthTotals = z.object({
  month: z.string().meta({ description: 'YYYY-MM' }),
  moneyIn: AmountCents,
  moneyOut: AmountCents.meta({ description: 'Positive: the money that left the account' }),
});

/**
 * `GET /api/accounts/{id}/summary?month=YYYY-MM`: the month's money in and out, by kind, and the
 * six months ending with it for the chart. Posted operations only, counted in the month they were
 * booked (posted_at, Europe/Luxembourg), as a statement counts them.
 */
export const OperationsSummary = z
  .object({
    month: z.string(),
    moneyIn: AmountCents,
    moneyOut: AmountCents,
    byKind: z.array(z.object({ kind: z.enum(ENTRY_KINDS), moneyIn: AmountCents, moneyOut: AmountCents })),
    months: z.array(MonthTotals),
  })
  .meta({ id: 'OperationsSummary' });
export type OperationsSummary = z.infer<typeof OperationsSummary>;
