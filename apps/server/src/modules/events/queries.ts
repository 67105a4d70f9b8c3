import type { CustomerStatus } from '@comptoir/contracts';
import type { Db, Queryable } from '../../db/types.ts';

/** How long the log keeps a customer's events for a reconnecting stream. */
export const LIVE_EVENT_RETENTION_MINUTES = 10;

/**
 * The customer's kept events after `afterSeq`, in order, read in one snapshot with the customer's
 * latest number; `complete` is false when some of those in between were already purged.
 */
export async function customerEventsAfter(
  q: Queryable,
  customerId: string,
  afterSeq: number,
): Promise<{ events: { seq: number; event: unknown }[]; last: number; complete: boolean }> {
  const { rows } = await q.query<{ last: string | null; seq: string | null; event: unknown }>(
    `select h.last_seq::text as last, e.seq::text as seq, e.event
       from (select $1::uuid as customer_id) c
       left join live_event_heads h on h.customer_id = c.customer_id
       left join live_events e on e.customer_id = c.customer_id and e.seq > $2
      order by e.seq`,
    [customerId, afterSeq],
  );
  const last = Number(rows[0]?.last ?? 0);
  const events = rows.flatMap((r) => (r.seq === null ? [] : [{ seq: Number(r.seq), event: r.event }]));
  // Numbers are dense per customer: one missing between afterSeq and the latest was purged (and a
  // number above the latest is not one of this log's).
  return { events, last, complete: afterSeq <= last && events.length === last - afterSeq };
}

/**
 * Forgets events older than the retention window (a job; any number of instances). Database time on
 * both sides: the window is a reconnection buffer in real time, not a business date.
 */
export async function purgeLiveEvents(q: Queryable): Promise<number> {
  const { rowCount } = await q.query(
    `delete from live_events where created_at < now() - make_interval(mins => $1)`,
    [LIVE_EVENT_RETENTION_MINUTES],
  );
  return rowCount;
}

export async function customerStatus(q: Queryable, customerId: string): Promise<CustomerStatus | null> {
  const { rows } = await q.query<{ status: CustomerStatus }>('select status from customers where id = $1', [
    customerId,
  ]);
  return rows[0]?.status ?? null;
}

/**
 * Where a session stands, WITHOUT sliding its idle window (a stream is not activity): live, signed
 * out (revoked: logout, from another device, a new password; closed: the bank closed the
 * customer's account, which ends every session), or over by time (or gone).
 */
export async function sessionState(
  q: Queryable,
  tokenHash: string,
  now: Date,
  idleSeconds: number,
): Promise<'live' | 'revoked' | 'closed' | 'expired'> {
  const { rows } = await q.query<{ state: 'live' | 'revoked' | 'closed' | 'expired' }>(
    `select case when s.revoked_at is not null and c.status = 'closed' then 'closed'
                 when s.revoked_at is not null then 'revoked'
                 when s.expires_at > $2 and s.last_seen_at > $2::timestamptz - make_interval(secs => $3) then 'live'
                 else 'expired' end as state
       from customer_sessions s join customers c on c.id = s.customer_id
      where s.token_hash = $1`,
    [tokenHash, now, idleSeconds],
  );
  return rows[0]?.state ?? 'expired';
}

/**
 * Takes a live-stream slot for a session of a customer, unless the session or the customer already
 * holds its maximum of unexpired ones (across every instance). One customer's takers wait for each
 * other (a transaction-scoped advisory lock), so two instances cannot both take the last slot.
 * Leases run on database time, the one clock every instance shares.
 */
export async function takeLiveStreamSlot(
  db: Db,
  slot: { id: string; sessionKey: string; customerId: string; leaseSeconds: number },
  max: { perSession: number; perCustomer: number },
): Promise<'taken' | 'session_full' | 'customer_full'> {
  return db.tx(async (q) => {
    await q.query(`select pg_advisory_xact_lock(hashtext('live_streams:' || $1::text))`, [slot.customerId]);
    await q.query(`delete from live_streams where customer_id = $1 and lease_ends_at <= now()`, [
      slot.customerId,
    ]);
    const { rows } = await q.query<{ session: number; customer: number }>(
      `select (count(*) filter (where session_key = $2))::int as session, count(*)::int as customer
         from live_streams where customer_id = $1`,
      [slot.customerId, slot.sessionKey],
    );
    const open = rows[0] ?? { session: 0, customer: 0 };
    if (open.session >= max.perSession) return 'session_full';
    if (open.customer >= max.perCustomer) return 'customer_full';
    await q.query(
      `insert into live_streams (id, session_key, customer_id, lease_ends_at)
       values ($1, $2, $3, now() + make_interval(secs => $4))`,
      [slot.id, slot.sessionKey, slot.customerId, slot.leaseSeconds],
    );
    return 'taken';
  });
}

/** Extends a stream's lease (each heartbeat of an open stream). */
export async function renewLiveStreamSlot(q: Queryable, id: string, leaseSeconds: number): Promise<void> {
  await q.query(`update live_streams set lease_ends_at = now() + make_interval(secs => $2) where id = $1`, [
    id,
    leaseSeconds,
  ]);
}

export async function releaseLiveStreamSlot(q: Queryable, id: string): Promise<void> {
  await q.query(`delete from live_streams where id = $1`, [id]);
}

/** Forgets the stream slots whose lease ended (their instance was killed or cut off). */
export async function purgeExpiredLiveStreams(q: Queryable): Promise<number> {
  const { rowCount } = await q.query(`delete from live_streams where lease_ends_at <= now()`);
  return rowCount;
}
