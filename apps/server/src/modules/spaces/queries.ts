import type { Cents } from '@comptoir/core';
import type { Queryable } from '../../db/types.ts';

export interface SpaceRow {
  account_id: bigint;
  name: string;
  goal: Cents | null;
  posted_balance: Cents;
  pending_debits: Cents;
  overdraft_limit: Cents;
  created_at: Date;
  /** An asset freeze holds the customer's funds: no move either way (docs/screening.md#freezing-in-the-payment-paths). */
  frozen: boolean;
}

const SPACE_COLUMNS = `a.id as account_id, a.name, s.goal, a.posted_balance, a.pending_debits,
  a.overdraft_limit, a.created_at, customer_frozen(a.customer_id) as frozen`;

/**
 * Locks the customer's row: every creation of an Espace counts the open ones under this lock, so
 * two creations at once cannot both pass the limit.
 */
export async function lockCustomerForSpaces(q: Queryable, customerId: string): Promise<boolean> {
  const { rows } = await q.query('select id from customers where id = $1 for update', [customerId]);
  return rows.length === 1;
}

/** How many open Espaces the customer has. */
export async function openSpaceCount(q: Queryable, customerId: string): Promise<number> {
  const { rows } = await q.query<{ n: number }>(
    `select count(*)::int as n from ledger_accounts
      where customer_id = $1 and kind = 'customer_sub' and status = 'open'`,
    [customerId],
  );
  return rows[0]?.n ?? 0;
}

export async function insertSpace(
  q: Queryable,
  space: { accountId: bigint; customerId: string; goal: bigint | null },
): Promise<void> {
  await q.query('insert into spaces (account_id, customer_id, goal) values ($1, $2, $3)', [
    String(space.accountId),
    space.customerId,
    space.goal === null ? null : String(space.goal),
  ]);
}

/**
 * One open Espace of the acting customer. Somebody else's, a closed one, a main account or an
 * unknown id all yield null (the same 404).
 */
export async function openSpaceOf(
  q: Queryable,
  customerId: string,
  accountId: bigint,
): Promise<SpaceRow | null> {
  const { rows } = await q.query<SpaceRow>(
    `select ${SPACE_COLUMNS}
       from ledger_accounts a join spaces s on s.account_id = a.id
      where a.id = $1 and a.customer_id = $2 and s.customer_id = $2
        and a.kind = 'customer_sub' and a.status = 'open'`,
    [String(accountId), customerId],
  );
  return rows[0] ?? null;
}

/** The goals of the customer's Espaces, by account id. */
export async function spaceGoals(q: Queryable, customerId: string): Promise<Map<bigint, bigint | null>> {
  const { rows } = await q.query<{ account_id: bigint; goal: bigint | null }>(
    'select account_id, goal from spaces where customer_id = $1',
    [customerId],
  );
  return new Map(rows.map((r) => [r.account_id, r.goal]));
}

export async function setSpaceGoal(
  q: Queryable,
  customerId: string,
  accountId: bigint,
  goal: bigint | null,
): Promise<void> {
  await q.query(
    'update spaces set goal = $3, updated_at = now() where account_id = $1 and customer_id = $2',
    [String(accountId), customerId, goal === null ? null : String(goal)],
  );
}
