import type { Queryable } from '../../db/types.ts';

/**
 * Locks the customer's row for one strong-authentication attempt and reads its lock: attempts of one
 * customer run one after the other, so five wrong codes sent at once still count five.
 */
export async function scaLockForUpdate(q: Queryable, customerId: string): Promise<Date | null> {
  const { rows } = await q.query<{ sca_locked_until: Date | null }>(
    'select sca_locked_until from customers where id = $1 for update',
    [customerId],
  );
  return rows[0]?.sca_locked_until ?? null;
}

/**
 * Counts one wrong code or assertion; the `maxFailures`-th in a row sets the lock (and restarts the
 * count). Returns the lock it set, or null.
 */
export async function recordScaFailure(
  q: Queryable,
  customerId: string,
  now: Date,
  rule: { maxFailures: number; lockSeconds: number },
): Promise<Date | null> {
  const { rows } = await q.query<{ locked: Date | null }>(
    `update customers set
        sca_failures = case when sca_failures + 1 >= $3 then 0 else sca_failures + 1 end,
        sca_locked_until = case when sca_failures + 1 >= $3
                                then $2::timestamptz + make_interval(secs => $4) else sca_locked_until end
      where id = $1
      returning case when sca_failures = 0 then sca_locked_until end as locked`,
    [customerId, now, rule.maxFailures, rule.lockSeconds],
  );
  return rows[0]?.locked ?? null;
}

/** A right code or assertion: the count starts again. */
export async function clearScaFailures(q: Queryable, customerId: string): Promise<void> {
  await q.query('update customers set sca_failures = 0 where id = $1 and sca_failures <> 0', [customerId]);
}
