// Error codes thrown here: totp_enrolment_not_found.
import type { ScaFactor, TotpConfirmRequest } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { lockCustomer } from '../customers/index.ts';
import { matchTotpStep } from '../../crypto/totp.ts';
import { requireConfirmationSca } from './enrolment-sca.ts';
import { confirmTotp as activateTotp, pendingTotpForUpdate } from './factor-queries.ts';
import { toFactor } from './factor-view.ts';
import { wrongProof } from './lock.ts';
import { dropPendingEnrolments, TOTP_ENROLMENT_SECONDS } from './pending-enrolments.ts';
import { openTotpSecret } from './totp-secret.ts';

/**
 * `POST /api/sca/totp/confirm`: the first code of the app proves the secret was stored; the factor
 * becomes active and that code's step is spent. The enrolment must be under `TOTP_ENROLMENT_SECONDS`
 * old and still pending (adding any factor drops it); when the customer has a factor now, it must
 * have started with that factor's approval, or this call carries an `X-SCA-Token` for
 * `factor_enrolment` `{method: 'totp'}`. Every other enrolment in progress is then dropped.
 */
export async function confirmTotp(
  ctx: AppContext,
  customerId: string,
  input: TotpConfirmRequest,
  scaToken: string | undefined,
): Promise<ScaFactor> {
  const now = ctx.clock.now();
  return ctx.db.tx(async (q) => {
    await lockCustomer(q, customerId);
    const since = new Date(now.getTime() - TOTP_ENROLMENT_SECONDS * 1000);
    const pending = await pendingTotpForUpdate(q, customerId, since);
    if (!pending?.totp_secret_sealed) {
      throw new AppError('totp_enrolment_not_found');
    }
    await requireConfirmationSca(q, ctx.clock, {
      customerId,
      method: 'totp',
      token: scaToken,
      approved: pending.enrolment_approved,
    });
    const step = matchTotpStep(openTotpSecret(ctx, pending.id, pending.totp_secret_sealed), input.code, now);
    if (step === null) throw wrongProof();
    const factor = await activateTotp(q, { id: pending.id, step, name: input.name, now });
    await dropPendingEnrolments(q, customerId);
    return toFactor(factor);
  });
}
