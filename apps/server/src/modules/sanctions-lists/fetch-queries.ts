import type { Queryable } from '../../db/types.ts';

export type FetchOutcome = 'new_version' | 'unchanged' | 'refused' | 'failed';

/**
 * Claims Paris calendar day `day` for the daily fetch until `until`: true when this caller holds it
 * now — no row yet, or a row whose day is not done and whose last claim has lapsed (its instance
 * failed, or died mid-fetch). One statement, so two instances cannot both win.
 */
export async function claimFetchDay(q: Queryable, day: string, now: Date, until: Date): Promise<boolean> {
  const { rows } = await q.query(
    `insert into sanctions_list_fetch_days as d (day, claimed_until) values ($1::date, $3)
     on conflict (day) do update set claimed_until = excluded.claimed_until
       where d.done_at is null and d.claimed_until <= $2
     returning d.day`,
    [day, now, until],
  );
  return rows.length === 1;
}

/** Closes the day: the list was imported or found unchanged; no other fetch until the next day. */
export async function closeFetchDay(q: Queryable, day: string, now: Date): Promise<void> {
  await q.query(`update sanctions_list_fetch_days set done_at = $2 where day = $1::date`, [day, now]);
}

/** Releases the day's claim after a refused or failed attempt: the next tick, on any instance, tries again. */
export async function releaseFetchDay(q: Queryable, day: string): Promise<void> {
  await q.query(`delete from sanctions_list_fetch_days where day = $1::date and done_at is null`, [day]);
}

export async function insertFetch(
  q: Queryable,
  f: { url: string; startedAt: Date; outcome: FetchOutcome; versionId: string | null; detail: string | null },
): Promise<void> {
  await q.query(
    `insert into sanctions_list_fetches (id, url, started_at, outcome, version_id, detail)
     values (gen_random_uuid(), $1, $2, $3, $4, $5)`,
    [f.url, f.startedAt, f.outcome, f.versionId, f.detail],
  );
}
