// Error codes thrown here: freeze_checker_too_recent, freeze_not_lift_proposed, freeze_own_approval.
import type { AssetFreeze } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { appendAudit } from '../../audit/audit.ts';
import { AppError } from '../../errors.ts';
import type { OperatorPrincipal } from '../../http/operator-principal.ts';
import { requireSecondOperator } from '../operators/index.ts';
import { announceFreezeChange } from './announce-change.ts';
import { freezeAfterChange, lockFreezeInForce } from './lock-freeze.ts';
import { approveLift } from './queries.ts';

/**
 * Second step of lifting a freeze: another operator — never the proposer, and one already active
 * when the lifting was proposed (`countsAsChecker`: an operator made for the occasion is no second
 * pair of eyes) — approves it, and the freeze ends: the customer's outgoing payments (or their
 * transfers to the payee) go through again. The customer's open screens are told to read their
 * state again, never why.
 */
export async function approveFreezeLift(
  ctx: AppContext,
  operator: OperatorPrincipal,
  idParam: string,
): Promise<AssetFreeze> {
  return ctx.db.tx(async (q) => {
    const now = ctx.clock.now();
    const freeze = await lockFreezeInForce(q, idParam);
    if (freeze.status !== 'lift_proposed' || !freeze.lift_proposed_at) {
      throw new AppError('freeze_not_lift_proposed');
    }
    await requireSecondOperator(
      q,
      operator.id,
      { by: freeze.lift_proposed_by, at: freeze.lift_proposed_at },
      { own: 'freeze_own_approval', tooRecent: 'freeze_checker_too_recent' },
    );
    await approveLift(q, { id: freeze.id, operatorId: operator.id, now });
    await appendAudit(q, {
      operatorId: operator.id,
      customerId: freeze.customer_id,
      action: 'asset_freeze.lifted',
      details: {
        freezeId: freeze.id,
        subjectKind: freeze.subject_kind,
        reason: freeze.lift_reason,
        proposerId: freeze.lift_proposed_by,
      },
      at: now,
    });
    if (freeze.subject_kind === 'customer') await announceFreezeChange(q, freeze.customer_id);
    return freezeAfterChange(q, freeze.id);
  });
}
