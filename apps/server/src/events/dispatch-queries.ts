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
 * transaction ends (another instance skips them).
 */
export async function claimPendingEvents(q: Queryable, limit: number): Promise<PendingEvent[]> {
  const { rows } = await q.query<PendingEvent>(
    `select id::text as id, customer_id::text as customer_id, type, payload
       from domain_events where delivered_at is null
      order by domain_events.id limit $1 for update skip locked`,
    [limit],
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

/** Sets aside an event whose delivery failed on its own, with what failed (logged too). */
export async function markFailed(q: Queryable, id: string, error: string): Promise<void> {
  await q.query(
    `update domain_events set delivered_at = now(), delivery_error = $2 where id = $1 and delivered_at is null`,
    [id, error.slice(0, 1000)],
  );
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
