// Error codes thrown here: operator_not_enrolled, operator_not_found.
import type { OperatorLinkSent } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { appendAudit } from '../../audit/audit.ts';
import { clearTotpSecret, lockOperator } from './admin-queries.ts';
import { sendEnrolmentLink } from './enrolment-link.ts';
import { revokeAllOperatorSessions } from './session-queries.ts';
import { isUuid } from '@comptoir/core';
import { toOperatorListItem } from './operator-view.ts';

/**
 * For an operator who lost their device: the old TOTP secret is erased (no sign-in until a new one
 * is enrolled), the operator's sessions end, and a single-use link to enrol a new authenticator
 * app — after typing their own password — is mailed to them; with an `operator.totp_reset` audit
 * row, in one transaction. The admin never sees the new secret. An invited operator has no TOTP
 * to reset: their invitation is re-sent instead (409).
 */
export async function resetOperatorTotp(
  ctx: AppContext,
  adminId: string,
  targetId: string,
): Promise<OperatorLinkSent> {
  if (!isUuid(targetId)) throw new AppError('operator_not_found');
  const now = ctx.clock.now();
  return ctx.db.tx(async (q) => {
    const target = await lockOperator(q, targetId);
    if (!target) throw new AppError('operator_not_found');
    if (target.activated_at === null) throw new AppError('operator_not_enrolled');
    await clearTotpSecret(q, targetId);
    const sessionsEnded = await revokeAllOperatorSessions(q, targetId, now);
    const expiresAt = await sendEnrolmentLink(ctx, q, target, 'totp_reset', now);
    await appendAudit(q, {
      operatorId: adminId,
      customerId: null,
      action: 'operator.totp_reset',
      details: { targetOperatorId: targetId, sessionsEnded, expiresAt: expiresAt.toISOString() },
      at: now,
    });
    const row = await lockOperator(q, targetId);
    return { operator: toOperatorListItem(row!), sentTo: target.email, expiresAt: expiresAt.toISOString() };
  });
}
