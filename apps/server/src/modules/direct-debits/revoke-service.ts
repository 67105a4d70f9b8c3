// Error codes thrown here: mandate_not_found.
import type { DirectDebitMandate } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { mandateOf, revokeMandate } from './queries.ts';
import { toMandate } from './view.ts';

/**
 * `POST /api/direct-debits/mandates/{id}/revoke`: the customer revokes a mandate; every collection
 * of it not yet executed is returned MD01 on its due date. Revoking a revoked or ended mandate changes nothing.
 */
export async function revokeCustomerMandate(
  ctx: AppContext,
  customerId: string,
  id: string,
): Promise<DirectDebitMandate> {
  return ctx.db.tx(async (q) => {
    const m = await mandateOf(q, customerId, id, { lock: true });
    if (!m) throw new AppError('mandate_not_found');
    if (m.status !== 'active') return toMandate(m);
    return toMandate(await revokeMandate(q, m.id, ctx.clock.now()));
  });
}
