// Error codes thrown here: mandate_ended, mandate_not_found, mandate_revoked.
import type { DirectDebitMandate, MandateLimits } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { mandateOf, setMandateLimits } from './queries.ts';
import { toMandate } from './view.ts';

/**
 * `PUT /api/direct-debits/mandates/{id}/limits`: caps on an active mandate — an amount per
 * collection, a number of booked collections per month or year (by due date). A collection beyond
 * them is returned SL01. Null lifts a cap.
 */
export async function setLimits(
  ctx: AppContext,
  customerId: string,
  id: string,
  limits: MandateLimits,
): Promise<DirectDebitMandate> {
  return ctx.db.tx(async (q) => {
    const m = await mandateOf(q, customerId, id, { lock: true });
    if (!m) throw new AppError('mandate_not_found');
    if (m.status === 'revoked') throw new AppError('mandate_revoked');
    if (m.status === 'ended') throw new AppError('mandate_ended');
    return toMandate(await setMandateLimits(q, m.id, limits, ctx.clock.now()));
  });
}
