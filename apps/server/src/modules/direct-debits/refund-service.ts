// Error codes thrown here: direct_debit_already_refunded, direct_debit_claim_exists,
//   direct_debit_not_found, direct_debit_refund_closed, direct_debit_refund_not_booked.
import type { DirectDebitCollection } from '@comptoir/contracts';
import { parisDate } from '@comptoir/core';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { claimOfCollection, collectionOf } from './queries.ts';
import { creditBack, publishRefundActivity } from './refund-entry.ts';
import { debitDate, refundDeadline } from './rules.ts';
import { toCollection } from './view.ts';

/**
 * `POST /api/direct-debits/collections/{id}/refund`: the customer's refund without question of a
 * booked collection, until the end (midnight, Paris) of the 56th day after its debit date. Credited
 * at once, value-dated on the debit date; no SCA (it only brings money back). The collection's row
 * lock makes a double click or two tabs one refund and one 409. Not while a claim on it is pending
 * (compliance decides that one).
 */
export async function refundCollection(
  ctx: AppContext,
  customerId: string,
  id: string,
): Promise<DirectDebitCollection> {
  return ctx.db.tx(async (q) => {
    const c = await collectionOf(q, customerId, id, { lock: true });
    if (!c) throw new AppError('direct_debit_not_found');
    if (c.refunded_at !== null) throw new AppError('direct_debit_already_refunded');
    if (c.status !== 'booked' || c.settled_at === null) throw new AppError('direct_debit_refund_not_booked');
    const claim = await claimOfCollection(q, c.id);
    if (claim?.status === 'pending') throw new AppError('direct_debit_claim_exists');
    const now = ctx.clock.now();
    if (parisDate(now) > refundDeadline(debitDate(c.settled_at))) {
      throw new AppError('direct_debit_refund_closed');
    }
    const refunded = await creditBack(q, c, { customerId }, now);
    await publishRefundActivity(ctx, q, refunded, 'refunded', null);
    return toCollection(refunded, now, claim);
  });
}
