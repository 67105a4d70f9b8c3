// Error codes thrown here: factor_not_found.
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { consumeScaToken } from './require-sca.ts';
import { activeFactorOf, deleteFactor } from './factor-queries.ts';

/**
 * `DELETE /api/sca/factors/{id}`: removes one of the customer's factors (another's id → 404). It
 * needs a fresh SCA token for `factor_removal` of this very factor — otherwise whoever holds a
 * session could strip the account of its protection.
 */
export async function removeFactor(
  ctx: AppContext,
  customerId: string,
  factorId: string,
  scaToken: string | undefined,
): Promise<void> {
  await ctx.db.tx(async (q) => {
    const factor = await activeFactorOf(q, customerId, factorId);
    if (!factor) throw new AppError('factor_not_found');
    await consumeScaToken(q, ctx.clock, {
      customerId,
      token: scaToken,
      action: 'factor_removal',
      details: { factorId: factor.id },
    });
    await deleteFactor(q, customerId, factor.id);
  });
}
