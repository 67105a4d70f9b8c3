import type { Queryable } from '../../db/types.ts';
import { publishSpacesChanged, publishStatus } from '../../events/index.ts';
import { customerStatus } from './queries.ts';

/**
 * Tells the customer's open screens that their funds were frozen or freed, in the caller's
 * transaction: their status (unchanged — a freeze is no status of the account) and their balances,
 * to be read again. Nothing names the freeze, a list or an alert: the customer is never told why.
 */
export async function announceFreezeChange(q: Queryable, customerId: string): Promise<void> {
  const status = await customerStatus(q, customerId);
  if (status === null) return;
  await publishStatus(q, customerId, status);
  await publishSpacesChanged(q, customerId);
}
