import type { Queryable } from '../../db/types.ts';

export interface LiveSessionRow {
  id: string;
  current: boolean;
  user_agent: string | null;
  created_at: Date;
  last_seen_at: Date;
}

/**
 * The conditions of a live, signed-in session, as the guard applies them (not revoked, within the
 * absolute and the idle limits, second factor given). `$2` is now, `$3` the idle seconds.
 */
const LIVE = `s.revoked_at is null and s.stage = 'active' and s.expires_at > $2
  and s.last_seen_at > $2::timestamptz - make_interval(secs => $3)`;

/** The customer's live sessions, the asking one first, then by last activity. */
export async function liveSessions(
  q: Queryable,
  customerId: string,
  now: Date,
  idleSeconds: number,
  currentTokenHash: string,
): Promise<LiveSessionRow[]> {
  const { rows } = await q.query<LiveSessionRow>(
    `select s.id, s.token_hash = $4 as current, s.user_agent, s.created_at, s.last_seen_at
       from customer_sessions s
      where s.customer_id = $1 and ${LIVE}
      order by (s.token_hash = $4) desc, s.last_seen_at desc, s.created_at desc
      limit 100`,
    [customerId, now, idleSeconds, currentTokenHash],
  );
  return rows;
}

/**
 * Signs out one live session of the customer other than the asking one. Returns its id, or null
 * when there is no such session (unknown, another customer's, already over, or the asking one).
 */
export async function revokeOtherLiveSession(
  q: Queryable,
  customerId: string,
  sessionId: string,
  now: Date,
  idleSeconds: number,
  currentTokenHash: string,
): Promise<string | null> {
  const { rows } = await q.query<{ id: string }>(
    `update customer_sessions s set revoked_at = $2
      where s.id = $5::uuid and s.customer_id = $1 and s.token_hash <> $4 and ${LIVE}
      returning s.id`,
    [customerId, now, idleSeconds, currentTokenHash, sessionId],
  );
  return rows[0]?.id ?? null;
}

/** Whether `sessionId` is the asking session itself. */
export async function isSessionOf(q: Queryable, sessionId: string, tokenHash: string): Promise<boolean> {
  const { rows } = await q.query('select 1 from customer_sessions where id = $1::uuid and token_hash = $2', [
    sessionId,
    tokenHash,
  ]);
  return rows.length > 0;
}

/**
 * Signs out every other session of the customer not yet revoked (second-factor ones and idle ones
 * included: nothing the customer did not keep may come back). Returns how many were live.
 */
export async function revokeOtherSessionsCounted(
  q: Queryable,
  customerId: string,
  now: Date,
  idleSeconds: number,
  currentTokenHash: string,
): Promise<number> {
  const { rows } = await q.query<{ live: number }>(
    `with revoked as (
       update customer_sessions s set revoked_at = $2
        where s.customer_id = $1 and s.token_hash <> $4 and s.revoked_at is null
        returning s.stage, s.expires_at, s.last_seen_at)
     select count(*) filter (where stage = 'active' and expires_at > $2
                               and last_seen_at > $2::timestamptz - make_interval(secs => $3))::int as live
       from revoked`,
    [customerId, now, idleSeconds, currentTokenHash],
  );
  return rows[0]?.live ?? 0;
}
