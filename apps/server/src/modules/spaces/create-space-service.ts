import { SPACES_MAX, type CreateSpaceRequest, type Space } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { openCustomerAccount } from '../../ledger/index.ts';
import { publishSpacesChanged } from '../events/publish.ts';
import { insertSpace, lockCustomerForSpaces, openSpaceCount, openSpaceOf } from './queries.ts';
import { toSpace } from './space-view.ts';

/**
 * `POST /api/spaces`: opens an Espace — a ledger account without IBAN under the customer, and its
 * goal — counting the open ones under the customer's row lock (at most `SPACES_MAX`).
 */
export async function createSpace(
  ctx: AppContext,
  customerId: string,
  body: CreateSpaceRequest,
): Promise<Space> {
  return ctx.db.tx(async (q) => {
    if (!(await lockCustomerForSpaces(q, customerId)))
      throw new AppError('not_found', 404, 'Client introuvable.');
    if ((await openSpaceCount(q, customerId)) >= SPACES_MAX) {
      throw new AppError(
        'conflict',
        409,
        `Vous avez déjà ${SPACES_MAX} Espaces ouverts : fermez-en un avant d’en créer un autre.`,
      );
    }
    const account = await openCustomerAccount(q, {
      customerId,
      kind: 'customer_sub',
      name: body.name,
      iban: null,
    });
    await insertSpace(q, {
      accountId: account.id,
      customerId,
      goal: body.goal === undefined ? null : BigInt(body.goal),
    });
    const space = await openSpaceOf(q, customerId, account.id);
    if (!space) throw new Error('the new Espace is missing');
    await publishSpacesChanged(q, customerId);
    return toSpace(space);
  });
}
