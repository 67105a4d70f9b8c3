import type { Queryable } from '../../db/types.ts';
import { setCardHolderName } from './queries.ts';

/**
 * The card carries the customer's verified name: when compliance accepts a new one, the customer's
 * active cards take it in the same transaction (`q`, the customer row already locked — the order
 * closing takes: customer, then cards).
 */
export async function renameCardHolder(
  q: Queryable,
  customerId: string,
  name: { firstName: string; lastName: string },
  now: Date,
): Promise<void> {
  await setCardHolderName(q, customerId, name, now);
}
