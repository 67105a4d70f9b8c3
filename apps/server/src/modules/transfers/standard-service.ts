import { randomUUID } from 'node:crypto';
import type { CreateTransferRequest } from '@comptoir/contracts';
import { nextBusinessDay, parisDate } from '@comptoir/core';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/types.ts';
import { reserveEntry } from '../../ledger/index.ts';
import { transferEntry } from './legs.ts';
import { orderColumns, type Order } from './order.ts';
import { insertTransfer, type TransferRow } from './queries.ts';

/** Whether a one-off transfer is for a later day (scheduled) rather than standard timing. */
export const isScheduled = (body: Pick<CreateTransferRequest, 'executionDate'>, now: Date): boolean =>
  body.executionDate !== undefined && body.executionDate > parisDate(now);

/**
 * A one-off transfer (« Virement Ponctuel »), in the order's transaction.
 * - Standard timing (no date, or today): the amount is reserved at once (available balance drops,
 *   « En cours ») towards the payee's account (on-us) or `gl:sepa-clearing`, and the execute-due job
 *   books it on the next business day.
 * - A later date: `scheduled`, nothing reserved until that day, when the job books it directly (or
 *   skips it on insufficient funds). Reserving weeks ahead would freeze money the customer may
 *   expect first (a salary due before the date).
 * A monthly repetition starts with this occurrence; the job plans each next one when it runs.
 */
export async function placeStandard(
  ctx: AppContext,
  q: Queryable,
  order: Order,
  body: Pick<CreateTransferRequest, 'executionDate' | 'repeat'>,
): Promise<TransferRow> {
  const now = ctx.clock.now();
  const today = parisDate(now);
  const id = randomUUID();
  const scheduled = isScheduled(body, now);
  const base = {
    id,
    ...orderColumns(order),
    type: 'standard' as const,
    repeat: body.repeat ?? null,
    series_id: body.repeat ? id : null,
    occurrence: 1,
    series_start: body.repeat ? (scheduled ? (body.executionDate ?? today) : today) : null,
    now,
  };
  if (scheduled) {
    const row = await insertTransfer(q, {
      ...base,
      status: 'scheduled',
      execution_date: body.executionDate ?? today,
      entry_id: null,
      number: order.number,
    });
    if (!row) throw new Error('transfer not inserted');
    return row;
  }
  const ref = await reserveEntry(
    q,
    await transferEntry(q, base, { name: order.payerName, iban: order.account.iban }, now, order.number),
  );
  const row = await insertTransfer(q, {
    ...base,
    status: 'pending',
    execution_date: nextBusinessDay(today),
    entry_id: ref.entryId,
    number: ref.number,
  });
  if (!row) throw new Error('transfer number already taken');
  return row;
}
