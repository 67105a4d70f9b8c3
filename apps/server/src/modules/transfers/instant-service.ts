import { transferEvent } from './transfer-event.ts';
import { randomUUID } from 'node:crypto';
import { parisDate, toJsonCents } from '@comptoir/core';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/types.ts';
import { postEntry, reserveEntry, settleEntry, voidEntry } from '../../ledger/index.ts';
import {
  RailTimeout,
  sendWithin,
  type InstantPayment,
  type InstantStatus,
} from '../../rails/instant-rail.ts';
import { reasonMessage, TIMEOUT_MESSAGE, TIMEOUT_REASON_CODE } from '../../rails/reason-codes.ts';
import { publishCredit, publishTransfer } from '../../events/index.ts';
import { transferEntry } from './legs.ts';
import { orderColumns, type Order } from './order.ts';
import { insertTransfer, lockTransfer, setTransferOutcome, type TransferRow } from './queries.ts';

/**
 * Phase one of an instant transfer, in the order's transaction. To an account of this bank: one
 * posted entry, payer to payee, both sides at once (the payee is told live). To another bank: the
 * amount is reserved towards `gl:instant-clearing` and the transfer is `pending` until the rail
 * answers (`completeInstant`, after this transaction commits).
 */
export async function placeInstant(ctx: AppContext, q: Queryable, order: Order): Promise<TransferRow> {
  const now = ctx.clock.now();
  const base = {
    id: randomUUID(),
    ...orderColumns(order),
    type: 'instant' as const,
    execution_date: parisDate(now),
    repeat: null,
    occurrence: 1,
    series_start: null,
    now,
  };
  const payer = { name: order.payerName, iban: order.account.iban };
  const entry = await transferEntry(q, base, payer, now, order.number);
  if (order.payeeAccount?.customerId) {
    const ref = await postEntry(q, entry);
    const row = await insertTransfer(q, {
      ...base,
      status: 'executed',
      entry_id: ref.entryId,
      number: ref.number,
      executed_at: now,
    });
    if (!row) throw new Error('transfer number already taken');
    await publishCredit(q, order.payeeAccount.customerId, {
      accountId: String(order.payeeAccount.id),
      amount: toJsonCents(order.amount),
      counterpartyName: order.payerName,
      number: ref.number,
    });
    return row;
  }
  const ref = await reserveEntry(q, entry);
  const row = await insertTransfer(q, {
    ...base,
    status: 'pending',
    entry_id: ref.entryId,
    number: ref.number,
  });
  if (!row) throw new Error('transfer number already taken');
  return row;
}

export const paymentOf = (t: TransferRow, payer: { name: string; iban: string | null }): InstantPayment => ({
  transferId: t.id,
  amount: t.amount,
  payeeIban: t.payee_iban,
  payeeName: t.payee_name,
  payeeBic: t.payee_bic,
  payerIban: payer.iban,
  payerName: payer.name,
  reference: t.reference,
});

/**
 * Phase two: sends the payment on the instant rail and waits at most INSTANT_RAIL_TIMEOUT_MS;
 * settled → the reservation is booked; rejected or no answer → it is released, with the reason.
 * A rail error that says nothing leaves the transfer pending for the recovery job.
 */
export async function completeInstant(
  ctx: AppContext,
  t: TransferRow,
  payer: { name: string; iban: string | null },
): Promise<TransferRow> {
  let outcome: InstantStatus;
  try {
    outcome = await sendWithin(ctx.rails.instant, paymentOf(t, payer), ctx.config.instantRailTimeoutMs);
  } catch (error) {
    if (!(error instanceof RailTimeout)) return t;
    outcome = { outcome: 'rejected', reasonCode: TIMEOUT_REASON_CODE };
  }
  return ctx.db.tx(async (q) => (await finishInstant(ctx, q, t.id, outcome)) ?? t);
}

/**
 * Books or releases a pending instant transfer once its outcome is known (in the caller's
 * transaction, under the transfer's row lock). Returns null when the outcome is still unknown.
 */
export async function finishInstant(
  ctx: AppContext,
  q: Queryable,
  id: string,
  outcome: InstantStatus,
): Promise<TransferRow | null> {
  if (outcome.outcome === 'unknown') return null;
  const t = await lockTransfer(q, id);
  if (!t) return null;
  if (t.status !== 'pending' || t.entry_id === null) return t;
  const now = ctx.clock.now();
  let done: TransferRow;
  if (outcome.outcome === 'settled') {
    await settleEntry(q, t.entry_id, now);
    done = await setTransferOutcome(q, t.id, { status: 'executed', now, executed: true });
  } else {
    await voidEntry(q, t.entry_id, now);
    const message =
      outcome.reasonCode === TIMEOUT_REASON_CODE ? TIMEOUT_MESSAGE : reasonMessage(outcome.reasonCode);
    done = await setTransferOutcome(q, t.id, {
      status: 'rejected',
      now,
      reasonCode: outcome.reasonCode,
      reasonMessage: message,
    });
  }
  await publishTransfer(q, done.customer_id, transferEvent(done));
  return done;
}
