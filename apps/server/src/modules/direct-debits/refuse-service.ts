// Error codes thrown here: direct_debit_already_refused, direct_debit_already_settled,
//   direct_debit_not_found, direct_debit_refusal_too_late.
import type { DirectDebitCollection } from '@comptoir/contracts';
import { parisDate, previousBusinessDay, toJsonCents, type IsoDate } from '@comptoir/core';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { publishDirectDebit } from '../../events/index.ts';
import { collectionOf, markRefused } from './queries.ts';
import { toCollection } from './view.ts';

const frenchDate = (d: IsoDate) => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;

/**
 * Whether a collection due on `dueDate` may still be refused at `now`: until the end (midnight,
 * Europe/Paris) of the TARGET2 business day before its due date.
 */
export const refusable = (dueDate: IsoDate, now: Date): boolean =>
  parisDate(now) <= previousBusinessDay(dueDate);

/**
 * `POST /api/direct-debits/collections/{id}/refuse`: the customer refuses an announced collection;
 * on its due date it is returned MS02 (unless an earlier reason applies). Waits on the row lock the
 * job holds, so a collection is either executed or refused first, never both.
 */
export async function refuseCollection(
  ctx: AppContext,
  customerId: string,
  id: string,
): Promise<DirectDebitCollection> {
  return ctx.db.tx(async (q) => {
    const c = await collectionOf(q, customerId, id, { lock: true });
    if (!c) throw new AppError('direct_debit_not_found');
    if (c.status === 'refused') throw new AppError('direct_debit_already_refused');
    if (c.status !== 'announced') throw new AppError('direct_debit_already_settled');
    const now = ctx.clock.now();
    if (!refusable(c.due_date, now)) {
      throw new AppError('direct_debit_refusal_too_late', {
        lastDay: frenchDate(previousBusinessDay(c.due_date)),
        dueDate: frenchDate(c.due_date),
      });
    }
    const done = await markRefused(q, c.id, now);
    await publishDirectDebit(q, customerId, {
      collectionId: done.id,
      status: done.status,
      amount: toJsonCents(done.amount),
      creditorName: done.creditor_name,
      dueDate: done.due_date,
      returnReason: null,
      returnMessage: null,
    });
    return toCollection(done, now);
  });
}
