import type { CustomerStatus, LiveEvent } from '@comptoir/contracts';
import type { Queryable } from '../../db/types.ts';

/**
 * The PostgreSQL channel every instance listens on. Payload: `{"c": customerId, "s": status}` for a
 * status change, `{"c": customerId, "e": LiveEvent}` for any other event.
 */
export const CUSTOMER_EVENTS_CHANNEL = 'comptoir_customer_events';

/** Queued in the caller's transaction: PostgreSQL delivers it to every listener at commit, never before. */
export async function notifyCustomerStatus(
  q: Queryable,
  customerId: string,
  status: CustomerStatus,
): Promise<void> {
  await q.query('select pg_notify($1, $2)', [
    CUSTOMER_EVENTS_CHANNEL,
    JSON.stringify({ c: customerId, s: status }),
  ]);
}

/** Queued in the caller's transaction, like a status: sent at commit, dropped on rollback. */
export async function notifyCustomerEvent(q: Queryable, customerId: string, event: LiveEvent): Promise<void> {
  await q.query('select pg_notify($1, $2)', [
    CUSTOMER_EVENTS_CHANNEL,
    JSON.stringify({ c: customerId, e: event }),
  ]);
}

export async function customerStatus(q: Queryable, customerId: string): Promise<CustomerStatus | null> {
  const { rows } = await q.query<{ status: CustomerStatus }>('select status from customers where id = $1', [
    customerId,
  ]);
  return rows[0]?.status ?? null;
}

/**
 * Where a session stands, WITHOUT sliding its idle window (a stream is not activity): live, signed
 * out (revoked: logout, from another device, a new password), or over by time (or gone).
 */
export async function sessionState(
  q: Queryable,
  tokenHash: string,
  now: Date,
  idleSeconds: number,
): Promise<'live' | 'revoked' | 'expired'> {
  const { rows } = await q.query<{ state: 'live' | 'revoked' | 'expired' }>(
    `select case when revoked_at is not null then 'revoked'
                 when expires_at > $2 and last_seen_at > $2::timestamptz - make_interval(secs => $3) then 'live'
                 else 'expired' end as state
       from customer_sessions where token_hash = $1`,
    [tokenHash, now, idleSeconds],
  );
  return rows[0]?.state ?? 'expired';
}
