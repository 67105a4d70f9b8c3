// Error codes thrown here: operator_not_found, operator_not_invited.
import type { OperatorLinkSent } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { appendAudit } from '../../audit/audit.ts';
import { lockOperator } from './admin-queries.ts';
import { sendEnrolmentLink } from './enrolment-link.ts';
import { isUuid } from '@comptoir/core';
import { toOperatorListItem } from './operator-view.ts';

/**
 * An admin sends an invited operator a new invitation link (the previous one, expired or not,
 * stops working), with an `operator.invitation_resent` audit row, in one transaction. An operator
 * who has completed their enrolment has nothing to be invited to (409).
 */
export async function resendInvitation(
  ctx: AppContext,
  adminId: string,
  targetId: string,
): Promise<OperatorLinkSent> {
  if (!isUuid(targetId)) throw new AppError('operator_not_found');
  const now = ctx.clock.now();
  return ctx.db.tx(async (q) => {
    const target = await lockOperator(q, targetId);
    if (!target) throw new AppError('operator_not_found');
    if (target.activated_at !== null) throw new AppError('operator_not_invited');
    const expiresAt = await sendEnrolmentLink(ctx, q, target, 'invitation', now);
    await appendAudit(q, {
      operatorId: adminId,
      customerId: null,
      action: 'operator.invitation_resent',
      details: { targetOperatorId: targetId, expiresAt: expiresAt.toISOString() },
      at: now,
    });
    const row = await lockOperator(q, targetId);
    return { operator: toOperatorListItem(row!), sentTo: target.email, expiresAt: expiresAt.toISOString() };
  });
}
