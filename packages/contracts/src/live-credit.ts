import { z } from 'zod';
import { AmountCents } from './common.ts';

/**
 * A `GET /api/events` message: money was credited to one of the customer's accounts (posted, so the
 * balance and the operations list already show it). The browser refreshes both and says so, discreetly.
 */
export const CreditEvent = z.object({
  type: z.literal('credit'),
  accountId: z.string(),
  amount: AmountCents.positive(),
  counterpartyName: z.string().nullable(),
  number: z.string(),
});
export type CreditEvent = z.infer<typeof CreditEvent>;
