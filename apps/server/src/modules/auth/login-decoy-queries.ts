import type { Queryable } from '../../db/types.ts';

/** How many decoy rows share the failures of addresses without an account (migration 0007). */
export const LOGIN_DECOY_SLOTS = 64;

/**
 * Counts a failed login on a decoy row: the same kind of write, in the same shape (row lock, update,
 * commit), as `recordFailedPassword` on a customer, for answers that have no customer row to count on.
 */
export async function recordDecoyFailure(q: Queryable, slot: number, now: Date): Promise<void> {
  await q.query(
    `with prev as (select slot from login_decoys where slot = $1 for update)
     update login_decoys d set failed_logins = d.failed_logins + 1, updated_at = $2
       from prev p
      where d.slot = p.slot
      returning d.failed_logins`,
    [slot, now],
  );
}
