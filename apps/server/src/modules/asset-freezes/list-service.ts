// Error codes thrown here: customer_not_found.
import type { AssetFreezeList } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { customerIdParam } from '../../http/params.ts';
import { freezeView } from './freeze-view.ts';
import { customerStatus, freezesOfCustomer, listFreezes } from './queries.ts';

/**
 * The freezes and payee blocks of every customer: in force (`active`, a lifting proposed included),
 * newest frozen first, or lifted, newest lifted first. Each says whether the entities it rests on
 * have left the list (`delisted`): the back office then suggests lifting it, never lifts it itself.
 */
export async function listAssetFreezes(
  ctx: AppContext,
  status: 'active' | 'lifted',
): Promise<AssetFreezeList> {
  return { items: (await listFreezes(ctx.db, status)).map(freezeView) };
}

/** Every freeze and payee block of one customer, newest first (404 for an unknown customer). */
export async function listCustomerFreezes(ctx: AppContext, customerParam: string): Promise<AssetFreezeList> {
  const customerId = customerIdParam(customerParam);
  if ((await customerStatus(ctx.db, customerId)) === null) throw new AppError('customer_not_found');
  return { items: (await freezesOfCustomer(ctx.db, customerId)).map(freezeView) };
}
