// Error codes thrown here: entry_checker_too_recent, entry_not_found, entry_not_pending, entry_own_approval.
import { toJsonCents } from '@comptoir/core';
import type { ManualEntry } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { appendAudit } from '../../audit/audit.ts';
import { AppError } from '../../errors.ts';
import type { OperatorPrincipal } from '../../http/operator-principal.ts';
import { countsAsChecker } from '../operators/index.ts';
import { uuidOrNotFound } from '../../http/params.ts';
import { manualEntryView } from './manual-entry-view.ts';
import { postManualEntry } from './post-manual-entry.ts';
import { decideManualEntry as recordDecision, lockManualEntry, manualEntryById } from './queries.ts';

export type ManualEntryDecision = { outcome: 'approve' } | { outcome: 'refuse'; reason: string };

/**
 * Four eyes: a pending manual entry is approved (posted through the ledger) or refused by an
 * operator other than its maker. Only an operator already active when the entry was requested may
 * approve it: one invited, enrolled or reactivated afterwards cannot (403) — an operator made for
 * the occasion is no second pair of eyes. The row is locked first, so of two decisions racing one wins and
 * the other finds it decided (409). A debit whose funds are gone is refused by the ledger (422) and
 * stays pending.
 */
export async function decideManualEntry(
  ctx: AppContext,
  operator: OperatorPrincipal,
  idParam: string,
  decision: ManualEntryDecision,
): Promise<ManualEntry> {
  const id = uuidOrNotFound(idParam, 'entry_not_found');
  const now = ctx.clock.now();
  return ctx.db.tx(async (q) => {
    const entry = await lockManualEntry(q, id);
    if (!entry) throw new AppError('entry_not_found');
    if (entry.maker_id === operator.id) {
      throw new AppError('entry_own_approval');
    }
    if (entry.status !== 'pending') throw new AppError('entry_not_pending');
    if (decision.outcome === 'approve') {
      if (!(await countsAsChecker(q, operator.id, entry.created_at))) {
        throw new AppError('entry_checker_too_recent');
      }
    }
    const ref =
      decision.outcome === 'approve'
        ? await postManualEntry(ctx, q, {
            customerId: entry.customer_id,
            accountId: entry.account_id,
            amount: entry.amount,
            direction: entry.direction,
            reason: entry.reason,
            glAccount: entry.gl_account,
            operatorId: operator.id,
          })
        : null;
    const refusalReason = decision.outcome === 'refuse' ? decision.reason || null : null;
    await recordDecision(q, id, {
      status: ref ? 'posted' : 'refused',
      checkerId: operator.id,
      entryId: ref?.entryId ?? null,
      refusalReason,
      now,
    });
    await appendAudit(q, {
      operatorId: operator.id,
      customerId: entry.customer_id,
      action: ref ? 'manual_entry.approved' : 'manual_entry.refused',
      details: {
        manualEntryId: id,
        makerId: entry.maker_id,
        amount: toJsonCents(entry.amount),
        direction: entry.direction,
        ...(ref ? { entryId: String(ref.entryId), number: ref.number } : { reason: refusalReason }),
      },
      at: now,
    });
    return manualEntryView((await manualEntryById(q, id))!);
  });
}
