import type { LiveEvent } from '@comptoir/contracts';
import type { Queryable } from '../db/types.ts';

/**
 * The PostgreSQL channel every instance listens on. Payload: `{"c": customerId, "i": seq, "e": LiveEvent}`,
 * `seq` being the event's number in the customer's log (`live_events`).
 */
export const CUSTOMER_EVENTS_CHANNEL = 'comptoir_customer_events';

/**
 * Numbers the event in the customer's log, keeps it, and queues its notification — one statement,
 * in the caller's transaction: the head row stays locked until commit, so the customer's numbers
 * are handed out in commit order; PostgreSQL sends the notification at commit, never on rollback.
 */
export async function appendCustomerEvent(q: Queryable, customerId: string, event: LiveEvent): Promise<void> {
  await q.query(
    `with head as (
       insert into live_event_heads (customer_id, last_seq) values ($1, 1)
       on conflict (customer_id) do update set last_seq = live_event_heads.last_seq + 1
       returning last_seq
     ), kept as (
       insert into live_events (customer_id, seq, event) select $1, last_seq, $2::jsonb from head
       returning seq
     )
     select pg_notify($3, json_build_object('c', $1::text, 'i', seq, 'e', $2::json)::text) from kept`,
    [customerId, JSON.stringify(event), CUSTOMER_EVENTS_CHANNEL],
  );
}
