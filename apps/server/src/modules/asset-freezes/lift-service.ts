// Error codes thrown here: freeze_lift_pending.
import type { AssetFreeze, LiftFreezeRequest } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { appendAudit } from '../../audit/audit.ts';
import { AppError } from '../../errors.ts';
import type { OperatorPrincipal } from '../../http/operator-principal.ts';
import { freezeAfterChange, lockFreezeInForce } from './lock-freeze.ts';
import { proposeLift } from './queries.ts';

/**
 * First of the two steps of lifting a freeze: an operator proposes it, giving the reason (the
 * entity was delisted, or a decision — an authorisation of the competent authority, a match found
 * mistaken after all) and a note. The freeze stays in force until another operator approves. Of
 * two proposals racing, the second is refused (409). Audited with the reason, never the note (it
 * stays on the freeze).
 */
export async function proposeFreezeLift(
  ctx: AppContext,
  operator: OperatorPrincipal,
  idParam: string,
  body: LiftFreezeRequest,
): Promise<AssetFreeze> {
  return ctx.db.tx(async (q) => {
    const now = ctx.clock.now();
    const freeze = await lockFreezeInForce(q, idParam);
    if (freeze.status === 'lift_proposed') throw new AppError('freeze_lift_pending');
    await proposeLift(q, {
      id: freeze.id,
      reason: body.reason,
      note: body.note,
      operatorId: operator.id,
      now,
    });
    const view = await freezeAfterChange(q, freeze.id);
    await appendAudit(q, {
      operatorId: operator.id,
      customerId: freeze.customer_id,
      action: 'asset_freeze.lift_proposed',
      details: {
        freezeId: freeze.id,
        subjectKind: freeze.subject_kind,
        reason: body.reason,
        delisted: view.delisted,
        withNote: true,
      },
      at: now,
    });
    return view;
  });
}
