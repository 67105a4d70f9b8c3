import type { Queryable } from '../db/types.ts';

/** An event waiting for its delivery, as the dispatcher reads it. */
export interface PendingEvent {
  id: string;
  customer_id: string;
  type: string;
  payload: Record<string, unknown>;
}

/** The one row a publisher's transaction writes (database time: `recorded_at`). */
export async function insertDomainEvent(
  q: Queryable,
  customerId: string,
  type: string,
  payload: object,
): Promise<void> {
  await q.query(`insert into domain_events (customer_id, type, payload) values ($1, $2, $3)`, [
    customerId,
    type,
    JSON.stringify(payload),
  ]);
}

/**
 * Takes the oldest undelivered events that no other dispatcher holds, locked until this
 * transaction ends (another instance skips them). An event waiting for its retry (`retry_at` after
 * `now`) is not taken, nor any later event of its customer: they go out after it, in order.
 */
export async function claimPendingEvents(q: Queryable, limit: number, now: Date): Promise<PendingEvent[]> {
  const { rows } = await q.query<PendingEvent>(
    `with deferred as (
       select customer_id, min(id) as id from domain_events
        where delivered_at is null and retry_at is not null and retry_at > $2
        group by customer_id)
     select e.id::text as id, e.customer_id::text as customer_id, e.type, e.payload
       from domain_events e
      where e.delivered_at is null
        and not exists (select 1 from deferred d where d.customer_id = e.customer_id and d.id <= e.id)
      order by e.id limit $1 for update of e skip locked`,
    [limit, now],
  );
  return rows;
}

/**
 * For each of `customerIds`, the oldest undelivered event before `beforeId` that is not among
 * `claimedIds` (another dispatcher holds it): this dispatcher may deliver that customer's claimed
 * events only up to it, so that each customer's events go out in order.
 */
export async function earliestHeldElsewhere(
  q: Queryable,
  customerIds: readonly string[],
  claimedIds: readonly string[],
  beforeId: string,
): Promise<Map<string, bigint>> {
  const { rows } = await q.query<{ customer_id: string; id: string }>(
    `select customer_id::text as customer_id, min(id)::text as id
       from domain_events
      where delivered_at is null and id < $3 and customer_id = any($1::uuid[]) and id <> all($2::bigint[])
      group by customer_id`,
    [customerIds, claimedIds, beforeId],
  );
  return new Map(rows.map((r) => [r.customer_id, BigInt(r.id)]));
}

/** Marks events delivered, in the transaction that wrote what follows from them. */
export async function markDelivered(q: Queryable, ids: readonly string[]): Promise<void> {
  await q.query(`update domain_events set delivered_at = now() where id = any($1::bigint[])`, [ids]);
}

/**
 * Records a failed delivery of one event: its attempts counted, and the next one set
 * `retryDelaysMs[attempts - 1]` after `now`; once those are spent, the event is set aside — marked
 * delivered with what failed. Returns the failed attempts so far.
 */
export async function recordFailedDelivery(
  q: Queryable,
  id: string,
  error: string,
  now: Date,
  retryDelaysMs: readonly number[],
): Promise<number> {
  const { rows } = await q.query<{ attempts: number }>(
    `update domain_events
        set attempts = attempts + 1,
            delivery_error = $2,
            retry_at = $3::timestamptz + make_interval(secs => ($4::int[])[attempts + 1] / 1000.0),
            delivered_at = case when ($4::int[])[attempts + 1] is null then now() end
      where id = $1 and delivered_at is null
      returning attempts`,
    [id, error.slice(0, 1000), now, retryDelaysMs],
  );
  return rows[0]?.attempts ?? 0;
}

/** Undelivered events (a gauge, and the tests' wait). */
export async function countPendingEvents(q: Queryable): Promise<number> {
  const { rows } = await q.query<{ n: number }>(
    `select count(*)::int as n from domain_events where delivered_at is null`,
  );
  return rows[0]?.n ?? 0;
}

/**
 * Forgets delivered events older than `days` (database time). Ids grow with time: the cut is the
 * first id recorded since, found by reading the key from its start, that is, only the rows to go.
 */
export async function purgeDeliveredEventsBefore(q: Queryable, days: number): Promise<number> {
  const { rowCount } = await q.query(
    `delete from domain_events
      where delivered_at is not null
        and id < coalesce(
          (select id from domain_events where recorded_at >= now() - make_interval(days => $1) order by id limit 1),
          (select max(id) + 1 from domain_events))`,
    [days],
  );
  return rowCount;
}
