import { transferEvent } from './transfer-event.ts';
import { formatEuros, isBusinessDay, parisDate, toJsonCents, type IsoDate } from '@comptoir/core';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/types.ts';
import { AppError } from '../../errors.ts';
import { availableBalance, customerAccount, postEntry, settleEntry } from '../../ledger/index.ts';
import { mailBrand, transferSkippedMail } from '../../mail/templates.ts';
import { publishCredit, publishTransfer } from '../../events/index.ts';
import { transferEntry } from './legs.ts';
import {
  accountOwner,
  claimDueTransfer,
  customerName,
  setTransferOutcome,
  type TransferRow,
} from './queries.ts';
import { planNextOccurrence } from './series.ts';

const frenchDate = (d: IsoDate) => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;

/**
 * The execute-due job: on a business day (Paris), books every standard transfer whose day has
 * come. Each transfer is claimed (`FOR UPDATE SKIP LOCKED`) and executed in one transaction, so two
 * instances never take the same row and a crash leaves it untouched for the next run. Returns how
 * many transfers it handled.
 */
export async function executeDueTransfers(ctx: AppContext, options: { max?: number } = {}): Promise<number> {
  const today = parisDate(ctx.clock.now());
  if (!isBusinessDay(today)) return 0;
  const max = options.max ?? 500;
  let handled = 0;
  while (handled < max) {
    const done = await ctx.db.tx(async (q) => {
      const t = await claimDueTransfer(q, today, ctx.clock.now());
      if (!t) return false;
      await executeOne(ctx, q, t);
      return true;
    });
    if (!done) break;
    handled++;
  }
  return handled;
}

async function executeOne(ctx: AppContext, q: Queryable, t: TransferRow): Promise<void> {
  const now = ctx.clock.now();
  let done: TransferRow;
  if (t.status === 'pending' && t.entry_id !== null) {
    await settleEntry(q, t.entry_id, now);
    done = await setTransferOutcome(q, t.id, { status: 'executed', now, executed: true });
  } else {
    done = await bookScheduled(ctx, q, t, now);
  }
  if (done.status === 'executed') await announceCredit(ctx, q, done);
  const next = await planNextOccurrence(q, done, now);
  if (done.status === 'skipped') await mailSkipped(ctx, q, done, next);
  await publishTransfer(q, done.customer_id, transferEvent(done));
}

/** A scheduled transfer's day: booked at once, or skipped when the available balance is short. */
async function bookScheduled(ctx: AppContext, q: Queryable, t: TransferRow, now: Date): Promise<TransferRow> {
  const account = await customerAccount(q, t.customer_id, t.account_id);
  const skip = () =>
    setTransferOutcome(q, t.id, {
      status: 'skipped',
      now,
      reasonMessage: 'Virement non effectué : solde insuffisant.',
    });
  if (account.status !== 'open') {
    return setTransferOutcome(q, t.id, {
      status: 'rejected',
      now,
      reasonMessage: 'Virement non effectué : le compte à débiter est clôturé.',
    });
  }
  if (availableBalance(account) < t.amount) return skip();
  const payer = await customerName(q, t.customer_id);
  const payerName = [payer?.first_name, payer?.last_name].filter(Boolean).join(' ') || account.name;
  try {
    // The ledger checks the floor before writing anything, so its refusal leaves the transaction usable.
    const ref = await postEntry(
      q,
      await transferEntry(q, t, { name: payerName, iban: account.iban }, now, t.number),
    );
    return setTransferOutcome(q, t.id, { status: 'executed', now, entryId: ref.entryId, executed: true });
  } catch (error) {
    if (error instanceof AppError && error.code === 'insufficient_funds') return skip();
    if (error instanceof AppError && error.code === 'account_not_open') {
      return setTransferOutcome(q, t.id, {
        status: 'rejected',
        now,
        reasonCode: 'AC04',
        reasonMessage: 'Virement refusé : le compte du bénéficiaire est clôturé (AC04)',
      });
    }
    throw error;
  }
}

/** An on-us payee sees the credit live. */
async function announceCredit(ctx: AppContext, q: Queryable, t: TransferRow): Promise<void> {
  if (t.payee_account_id === null) return;
  const payeeCustomer = await accountOwner(q, t.payee_account_id);
  if (!payeeCustomer) return;
  const payer = await customerName(q, t.customer_id);
  await publishCredit(q, payeeCustomer, {
    accountId: String(t.payee_account_id),
    amount: toJsonCents(t.amount),
    counterpartyName: [payer?.first_name, payer?.last_name].filter(Boolean).join(' ') || 'Virement reçu',
    number: t.number,
  });
}

async function mailSkipped(
  ctx: AppContext,
  q: Queryable,
  t: TransferRow,
  next: IsoDate | null,
): Promise<void> {
  const customer = await customerName(q, t.customer_id);
  if (!customer) return;
  await ctx.outbox.enqueue(
    q,
    transferSkippedMail(mailBrand(ctx.config), {
      to: customer.email,
      firstName: customer.first_name,
      amount: formatEuros(t.amount),
      payeeName: t.payee_name,
      date: frenchDate(t.execution_date),
      nextDate: next ? frenchDate(next) : null,
    }),
  );
}
