import type { Queryable } from '../db/types.ts';

/**
 * Counts one hit on `key` in its fixed window (a new window of `windowMs` once the last one ended)
 * and returns the count and what is left of the window. One statement: instances counting the same
 * key at once each get their own number. Database time, the clock every instance shares.
 */
export async function hitRateLimit(
  q: Queryable,
  key: string,
  windowMs: number,
): Promise<{ hits: number; ttlMs: number }> {
  const { rows } = await q.query<{ hits: number; ttl_ms: number }>(
    `insert into rate_limit_hits as h (key, hits, window_ends_at)
     values ($1, 1, clock_timestamp() + make_interval(secs => $2::float8 / 1000))
     on conflict (key) do update set
       hits = case when h.window_ends_at <= clock_timestamp() then 1 else h.hits + 1 end,
       window_ends_at = case when h.window_ends_at <= clock_timestamp() then excluded.window_ends_at
                             else h.window_ends_at end
     returning hits, greatest(0, ceil(extract(epoch from window_ends_at - clock_timestamp()) * 1000))::int as ttl_ms`,
    [key, windowMs],
  );
  const row = rows[0];
  return { hits: row?.hits ?? 1, ttlMs: row?.ttl_ms ?? windowMs };
}

/** The current count of `key` without counting a hit (0 when its window is over). */
export async function readRateLimit(q: Queryable, key: string): Promise<{ hits: number; ttlMs: number }> {
  const { rows } = await q.query<{ hits: number; ttl_ms: number }>(
    `select hits, ceil(extract(epoch from window_ends_at - clock_timestamp()) * 1000)::int as ttl_ms
       from rate_limit_hits where key = $1 and window_ends_at > clock_timestamp()`,
    [key],
  );
  return { hits: rows[0]?.hits ?? 0, ttlMs: rows[0]?.ttl_ms ?? 0 };
}

/** Forgets the counters whose window ended (a job). */
export async function purgeRateLimits(q: Queryable): Promise<number> {
  const { rowCount } = await q.query(`delete from rate_limit_hits where window_ends_at <= clock_timestamp()`);
  return rowCount;
}
