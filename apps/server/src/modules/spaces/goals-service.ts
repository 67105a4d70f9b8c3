import type { Queryable } from '../../db/types.ts';
import { spaceGoals } from './queries.ts';

/** The goals of the customer's Espaces, by account id: the accounts list shows each beside its balance. */
export function customerSpaceGoals(q: Queryable, customerId: string): Promise<Map<bigint, bigint | null>> {
  return spaceGoals(q, customerId);
}
