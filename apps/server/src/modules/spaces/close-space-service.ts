// Error codes thrown here: space_balance_not_zero, space_operation_pending.
import type { ClosedSpace } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { closeSubAccount } from '../../ledger/index.ts';
import { publishSpacesChanged } from '../../events/index.ts';
import { spaceId, spaceNotFound } from './space-view.ts';

/**
 * `DELETE /api/spaces/{id}`: closes an Espace whose booked and available balances are zero. The
 * ledger account is closed, never deleted: its operations stay in the history.
 */
export async function closeSpace(ctx: AppContext, customerId: string, idParam: string): Promise<ClosedSpace> {
  const id = spaceId(idParam);
  return ctx.db.tx(async (q) => {
    const result = await closeSubAccount(q, customerId, id);
    if ('closed' in result) {
      await publishSpacesChanged(q, customerId);
      return { id: String(id), closed: true as const };
    }
    if (result.refused === 'missing') throw spaceNotFound();
    throw new AppError(result.refused === 'balance' ? 'space_balance_not_zero' : 'space_operation_pending');
  });
}
