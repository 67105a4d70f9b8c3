// Error codes thrown here: customer_not_found, spaces_limit_reached.
import { SPACES_MAX, type CreateSpaceRequest, type Space } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { openCustomerAccount } from '../../ledger/index.ts';
import { publishSpacesChanged } from '../../events/index.ts';
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
    if (!(await lockCustomerForSpaces(q, customerId))) throw new AppError('customer_not_found');
    if ((await openSpaceCount(q, customerId)) >= SPACES_MAX) {
      throw new AppError('spaces_limit_reached');
    }
    const account = await openCustomerAccount(q, {
      customerId,
      kind: 'customer_sub',
      name: body.name,
      iban: null,
      openedAt: ctx.clock.now(),
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
