import type { Queryable } from '../../db/types.ts';
import { openCustomerAccount, type LedgerAccount } from '../../ledger/index.ts';
import { insertSpace } from './queries.ts';

/**
 * The sandbox demo's Espace: a sub-account without IBAN opened at `openedAt`, and its goal, in the
 * caller's transaction. A customer opens one through `createSpace`, which counts the open ones under
 * the customer's lock and tells their screens.
 */
export async function openPastSpace(
  q: Queryable,
  space: { customerId: string; name: string; goal: bigint | null; openedAt: Date },
): Promise<LedgerAccount> {
  const account = await openCustomerAccount(q, {
    customerId: space.customerId,
    kind: 'customer_sub',
    name: space.name,
    iban: null,
    openedAt: space.openedAt,
  });
  await insertSpace(q, { accountId: account.id, customerId: space.customerId, goal: space.goal });
  return account;
}
