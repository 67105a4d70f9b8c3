import type { Queryable } from '../../db/types.ts';

export interface SubscriptionRow {
  endpoint: string;
  show_amounts: boolean;
  created_at: Date;
}

/** The customer's devices with push on, oldest first. */
export async function customerSubscriptions(q: Queryable, customerId: string): Promise<SubscriptionRow[]> {
  const { rows } = await q.query<SubscriptionRow>(
    `select endpoint, show_amounts, created_at from push_subscriptions
      where customer_id = $1 order by created_at, endpoint`,
    [customerId],
  );
  return rows;
}

export interface SubscriptionInput {
  endpoint: string;
  p256dh: string;
  auth: string;
  /** Null: keep the device's choice (off for a new device). */
  showAmounts: boolean | null;
}

/**
 * Drops what is still queued for this endpoint if it belongs to another customer: the messages made
 * for them must not reach the device that now belongs to someone else. Run before `upsertSubscription`.
 */
export async function dropQueuedForOtherCustomer(
  q: Queryable,
  customerId: string,
  endpoint: string,
): Promise<void> {
  await q.query(
    `delete from push_deliveries d using push_subscriptions s
      where d.subscription_id = s.id and s.endpoint = $1 and s.customer_id <> $2`,
    [endpoint, customerId],
  );
}

/**
 * Saves this customer's subscription, by endpoint: new, updated (keys, and amounts if given), or
 * moved from another customer (then it starts afresh: amounts as given, else hidden).
 */
export async function upsertSubscription(
  q: Queryable,
  customerId: string,
  s: SubscriptionInput,
  now: Date,
): Promise<void> {
  await q.query(
    `insert into push_subscriptions (customer_id, endpoint, p256dh, auth, show_amounts, created_at)
     values ($1, $2, $3, $4, coalesce($5::boolean, false), $6)
     on conflict (endpoint) do update set
       customer_id = excluded.customer_id,
       p256dh = excluded.p256dh,
       auth = excluded.auth,
       show_amounts = case
         when push_subscriptions.customer_id = excluded.customer_id
           then coalesce($5::boolean, push_subscriptions.show_amounts)
         else excluded.show_amounts end,
       created_at = case
         when push_subscriptions.customer_id = excluded.customer_id then push_subscriptions.created_at
         else excluded.created_at end,
       last_success_at = case
         when push_subscriptions.customer_id = excluded.customer_id then push_subscriptions.last_success_at
         end`,
    [customerId, s.endpoint, s.p256dh, s.auth, s.showAmounts, now],
  );
}

/** Keeps only the customer's `keep` most recent devices (the oldest go, with their queues). */
export async function trimCustomerSubscriptions(
  q: Queryable,
  customerId: string,
  keep: number,
): Promise<void> {
  await q.query(
    `delete from push_subscriptions where customer_id = $1 and id not in (
       select id from push_subscriptions where customer_id = $1 order by created_at desc, id limit $2)`,
    [customerId, keep],
  );
}

/** Removes one of this customer's subscriptions (another customer's endpoint is left alone). */
export async function deleteCustomerSubscription(
  q: Queryable,
  customerId: string,
  endpoint: string,
): Promise<void> {
  await q.query('delete from push_subscriptions where customer_id = $1 and endpoint = $2', [
    customerId,
    endpoint,
  ]);
}

export interface QueuedMessage {
  /** The payload (JSON) for a device that shows amounts. */
  withAmounts: string;
  /** The payload (JSON) for a device that does not. */
  withoutAmounts: string;
  urgency: 'normal' | 'high';
  expiresAt: Date;
}

/** Queues one message for each of the customer's devices, each with the payload its choice calls for. */
export async function queueForCustomer(
  q: Queryable,
  customerId: string,
  m: QueuedMessage,
  now: Date,
): Promise<void> {
  await q.query(
    `insert into push_deliveries (subscription_id, payload, urgency, expires_at, next_attempt_at, created_at)
     select id, case when show_amounts then $2 else $3 end, $4, $5, $6, $6
       from push_subscriptions where customer_id = $1`,
    [customerId, m.withAmounts, m.withoutAmounts, m.urgency, m.expiresAt, now],
  );
}

export interface DeliveryRow {
  id: string;
  subscription_id: string;
  payload: string;
  urgency: 'normal' | 'high';
  expires_at: Date;
  attempts: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * Claims up to `limit` due deliveries still within their time to live: `FOR UPDATE SKIP LOCKED`, so
 * workers of several instances never take the same row, then a lease (`next_attempt_at`) and
 * `attempts + 1`, so the row stays claimed while it is sent; a crash mid-send makes it due again
 * when the lease ends.
 */
export async function claimDueDeliveries(
  q: Queryable,
  now: Date,
  leaseUntil: Date,
  limit: number,
): Promise<DeliveryRow[]> {
  const { rows } = await q.query<DeliveryRow>(
    `with claimed as (
       update push_deliveries d set attempts = d.attempts + 1, next_attempt_at = $2
        where d.id in (
          select id from push_deliveries
           where next_attempt_at <= $1 and expires_at > $1
           order by id
           limit $3
           for update skip locked)
        returning d.id, d.subscription_id, d.payload, d.urgency, d.expires_at, d.attempts)
     select c.id::text as id, c.subscription_id, c.payload, c.urgency, c.expires_at, c.attempts,
            s.endpoint, s.p256dh, s.auth
       from claimed c join push_subscriptions s on s.id = c.subscription_id
      order by c.id`,
    [now, leaseUntil, limit],
  );
  return rows;
}

/** Drops the deliveries past their time to live (never sent: the news is stale). */
export async function deleteExpiredDeliveries(q: Queryable, now: Date): Promise<number> {
  const { rowCount } = await q.query('delete from push_deliveries where expires_at <= $1', [now]);
  return rowCount;
}

/** The push service took the message: the delivery is done, the device is known to work. */
export async function markDelivered(q: Queryable, row: DeliveryRow, now: Date): Promise<void> {
  await q.query('delete from push_deliveries where id = $1', [row.id]);
  await q.query('update push_subscriptions set last_success_at = $2 where id = $1', [
    row.subscription_id,
    now,
  ]);
}

/** Gives a delivery up (last attempt failed, or the push service refused the message itself). */
export async function deleteDelivery(q: Queryable, id: string): Promise<void> {
  await q.query('delete from push_deliveries where id = $1', [id]);
}

/** The push service says the subscription is gone (404/410): the device and its queue are removed. */
export async function deleteSubscriptionById(q: Queryable, subscriptionId: string): Promise<void> {
  await q.query('delete from push_subscriptions where id = $1', [subscriptionId]);
}

/** A failed attempt: tried again at `next` (only while this worker's claim still holds). */
export async function markAttemptFailed(
  q: Queryable,
  row: DeliveryRow,
  error: string,
  next: Date,
): Promise<void> {
  await q.query(
    `update push_deliveries set last_error = $3, next_attempt_at = $4 where id = $1 and attempts = $2`,
    [row.id, row.attempts, error.slice(0, 500), next],
  );
}

export interface VapidRow {
  public_key: string;
  private_key_sealed: string;
}

/** The bank's VAPID key pair, if made already. */
export async function vapidKeyRow(q: Queryable): Promise<VapidRow | undefined> {
  const { rows } = await q.query<VapidRow>('select public_key, private_key_sealed from push_vapid_keys');
  return rows[0];
}

/** Keeps a new VAPID key pair unless another instance kept one first (then that one stays). */
export async function insertVapidKeys(q: Queryable, row: VapidRow, now: Date): Promise<void> {
  await q.query(
    `insert into push_vapid_keys (public_key, private_key_sealed, created_at) values ($1, $2, $3)
     on conflict (id) do nothing`,
    [row.public_key, row.private_key_sealed, now],
  );
}
