import type { ClosedSpace } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { closeSubAccount } from '../../ledger/index.ts';
import { publishSpacesChanged } from '../events/publish.ts';
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
    throw new AppError(
      'conflict',
      409,
      result.refused === 'balance'
        ? 'Impossible de fermer cet Espace : son solde doit être nul. Retirez d’abord l’argent vers votre compte principal.'
        : 'Impossible de fermer cet Espace : une opération est encore en cours.',
    );
  });
}
