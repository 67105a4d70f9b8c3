import type { ScaFactor, TotpConfirmRequest } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../errors.ts';
import { matchTotpStep } from '../operators/totp.ts';
import { confirmTotp as activateTotp, pendingTotpForUpdate } from './factor-queries.ts';
import { toFactor } from './factor-view.ts';
import { wrongProof } from './lock.ts';
import { openTotpSecret } from './totp-secret.ts';

/**
 * `POST /api/sca/totp/confirm`: the first code of the app proves the secret was stored; the factor
 * becomes active and that code's step is spent.
 */
export async function confirmTotp(
  ctx: AppContext,
  customerId: string,
  input: TotpConfirmRequest,
): Promise<ScaFactor> {
  const now = ctx.clock.now();
  return ctx.db.tx(async (q) => {
    const pending = await pendingTotpForUpdate(q, customerId);
    if (!pending?.totp_secret_sealed) {
      throw notFound('Aucun ajout d’application en cours. Veuillez recommencer.');
    }
    const step = matchTotpStep(openTotpSecret(ctx, pending.id, pending.totp_secret_sealed), input.code, now);
    if (step === null) throw wrongProof();
    return toFactor(await activateTotp(q, { id: pending.id, step, name: input.name, now }));
  });
}
