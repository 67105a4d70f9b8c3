import { DIRECT_DEBIT_RETURN_MESSAGES, type DirectDebitReturnReason } from '@comptoir/contracts';
import { cents, isBusinessDay, parisDate, toJsonCents } from '@comptoir/core';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/types.ts';
import { AppError } from '../../errors.ts';
import { customerAccount, glAccount, postEntry } from '../../ledger/index.ts';
import { publishDirectDebit } from '../../events/index.ts';
import {
  bookedCount,
  claimDueCollection,
  executionSettingsOf,
  lockMandate,
  markMandateCollected,
  settleCollection,
  type CollectionRow,
} from './queries.ts';
import { limitPeriod, mandateLapsed, returnReason } from './rules.ts';

/**
 * The direct-debit job: books every collection whose due date has come (on a TARGET2 business day,
 * Paris) or that was presented. Each one is claimed (`FOR UPDATE SKIP LOCKED`) and booked or
 * returned in one transaction, so two instances never take the same row and a crash leaves it
 * untouched for the next run. Returns how many collections it handled.
 */
export async function executeDueDirectDebits(
  ctx: AppContext,
  options: { max?: number } = {},
): Promise<number> {
  const today = parisDate(ctx.clock.now());
  const businessDay = isBusinessDay(today);
  const max = options.max ?? 500;
  let handled = 0;
  while (handled < max) {
    const done = await ctx.db.tx(async (q) => {
      const c = await claimDueCollection(q, today, businessDay, ctx.clock.now());
      if (!c) return false;
      await executeCollection(ctx, q, c);
      return true;
    });
    if (!done) break;
    handled++;
  }
  return handled;
}

/**
 * Executes one claimed (or locked) collection: returned with the first reason that applies
 * (`returnReason`), else booked in one ledger entry from the customer's account to
 * `gl:sepa-clearing` — or returned AM04 when the ledger refuses it for a short balance (nothing
 * booked). The customer is told live, and a return is kept as a notification with its reason.
 */
export async function executeCollection(
  ctx: AppContext,
  q: Queryable,
  c: CollectionRow,
): Promise<CollectionRow> {
  const now = ctx.clock.now();
  const account = await customerAccount(q, c.customer_id, c.account_id);
  const mandate = c.mandate_id === null ? null : await lockMandate(q, c.mandate_id);
  const settings = await executionSettingsOf(q, c.customer_id);
  const period = mandate?.count_period ?? null;
  const bookedInPeriod =
    mandate && period ? await bookedCount(q, mandate.id, ...periodBounds(c.due_date, period)) : 0;
  const reason = returnReason({
    accountOpen: account.status === 'open',
    frozen: settings.frozen,
    mandate: mandate && {
      status: mandate.status,
      maxAmount: mandate.max_amount,
      maxCount: mandate.max_count,
      lapsed: mandateLapsed(parisDate(mandate.last_collection_at ?? mandate.created_at), c.due_date),
    },
    refusedByCustomer: c.status === 'refused',
    settings: {
      blockAll: settings.block_all,
      allowedCreditorIds: settings.allowed_creditor_ids,
      blockedCreditorIds: settings.blocked_creditor_ids,
    },
    creditorId: c.creditor_id,
    amount: c.amount,
    bookedInPeriod,
  });
  const done =
    reason !== null || !mandate ? await returned(q, c, reason ?? 'MD01', now) : await book(q, c, now);
  if (done.status === 'booked' && mandate) {
    await markMandateCollected(q, mandate.id, c.sequence === 'OOFF' || c.sequence === 'FNAL', now);
  }
  await publishDirectDebit(q, done.customer_id, {
    collectionId: done.id,
    status: done.status,
    amount: toJsonCents(done.amount),
    creditorName: done.creditor_name,
    dueDate: done.due_date,
    returnReason: done.return_reason,
    returnMessage: done.return_reason ? DIRECT_DEBIT_RETURN_MESSAGES[done.return_reason] : null,
  });
  return done;
}

const periodBounds = (dueDate: string, period: 'month' | 'year'): [string, string] => {
  const { from, to } = limitPeriod(dueDate, period);
  return [from, to];
};

const returned = (q: Queryable, c: CollectionRow, reason: DirectDebitReturnReason, now: Date) =>
  settleCollection(q, c.id, { status: 'returned', reason }, now);

async function book(q: Queryable, c: CollectionRow, now: Date): Promise<CollectionRow> {
  const clearing = await glAccount(q, 'gl:sepa-clearing');
  try {
    // The ledger checks floor and status before writing anything: its refusal leaves the transaction usable.
    const ref = await postEntry(q, {
      kind: 'direct_debit',
      legs: [
        { accountId: c.account_id, amount: cents(0n - c.amount) },
        { accountId: clearing.id, amount: cents(c.amount) },
      ],
      description: 'Prélèvement SEPA',
      counterpartyName: c.creditor_name,
      reference: c.remittance_info ? `${c.mandate_reference} / ${c.remittance_info}` : c.mandate_reference,
      metadata: {
        directDebitId: c.id,
        creditorId: c.creditor_id,
        mandateReference: c.mandate_reference,
        sequence: c.sequence,
      },
      at: now,
    });
    return await settleCollection(q, c.id, { status: 'booked', entryId: ref.entryId }, now);
  } catch (error) {
    if (error instanceof AppError && error.code === 'insufficient_funds') return returned(q, c, 'AM04', now);
    if (error instanceof AppError && error.code === 'account_not_open') return returned(q, c, 'AC04', now);
    throw error;
  }
}
