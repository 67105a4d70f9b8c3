// Error codes thrown here: operator_not_found.
import type { ResetOperatorTotp } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { appendAudit } from '../../audit/audit.ts';
import { lockOperator, replaceTotpSecret } from './admin-queries.ts';
import { revokeAllOperatorSessions } from './session-queries.ts';
import { totpSealer } from './operators-service.ts';
import { newTotpSecret } from './totp.ts';
import { isUuid, operatorTotpUri, toOperatorListItem } from './operator-view.ts';

/**
 * A new TOTP secret for an operator who lost their device: sealed at rest, returned once, the
 * operator's sessions ended and an `operator.totp_reset` audit row, all in one transaction.
 */
export async function resetOperatorTotp(
  ctx: AppContext,
  adminId: string,
  targetId: string,
): Promise<ResetOperatorTotp> {
  if (!isUuid(targetId)) throw new AppError('operator_not_found');
  const now = ctx.clock.now();
  const secret = newTotpSecret();
  return ctx.db.tx(async (q) => {
    const target = await lockOperator(q, targetId);
    if (!target) throw new AppError('operator_not_found');
    await replaceTotpSecret(q, targetId, totpSealer(ctx).seal(secret, targetId));
    const sessionsEnded = await revokeAllOperatorSessions(q, targetId, now);
    await appendAudit(q, {
      operatorId: adminId,
      customerId: null,
      action: 'operator.totp_reset',
      details: { targetOperatorId: targetId, sessionsEnded },
      at: now,
    });
    return {
      operator: toOperatorListItem(target),
      totpSecret: secret,
      otpauthUri: operatorTotpUri(ctx, secret, target.email),
    };
  });
}
