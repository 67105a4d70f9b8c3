import type { LiveEvent } from '@comptoir/contracts';
import type { Queryable } from '../db/types.ts';

/**
 * The PostgreSQL channel every instance listens on. Payload: `{"c": customerId, "i": seq, "e": LiveEvent}`,
 * `seq` being the event's number in the customer's log (`live_events`).
 */
export const CUSTOMER_EVENTS_CHANNEL = 'comptoir_customer_events';

/** A live event for a customer's streams. */
export interface LiveAnnouncement {
  customerId: string;
  event: LiveEvent;
}

/**
 * Numbers the events in their customers' logs, keeps them, and queues their notifications, in the
 * order given — one statement for the whole list, in the delivery's transaction: each customer's
 * head row stays locked until commit, so a customer's numbers are handed out in the order their
 * events become visible; PostgreSQL sends the notifications at commit, in the order queued.
 */
export async function appendCustomerEvents(q: Queryable, events: readonly LiveAnnouncement[]): Promise<void> {
  if (events.length === 0) return;
  await q.query(
    `with given as (
       select g.ord, g.customer_id, g.event
         from jsonb_to_recordset($1::jsonb) as g(ord int, customer_id uuid, event jsonb)
     ), counts as (
       select customer_id, count(*) as n from given group by customer_id
     ), heads as (
       insert into live_event_heads (customer_id, last_seq) select customer_id, n from counts
       on conflict (customer_id) do update set last_seq = live_event_heads.last_seq + excluded.last_seq
       returning customer_id, last_seq
     ), numbered as (
       select g.ord, g.customer_id, g.event,
              h.last_seq - c.n + row_number() over (partition by g.customer_id order by g.ord) as seq
         from given g join counts c using (customer_id) join heads h using (customer_id)
     ), kept as (
       insert into live_events (customer_id, seq, event) select customer_id, seq, event from numbered
       returning customer_id, seq
     )
     select count(pg_notify($2, json_build_object('c', n.customer_id::text, 'i', n.seq, 'e', n.event)::text))
       from (select numbered.* from numbered join kept using (customer_id, seq) order by numbered.ord) n`,
    [
      JSON.stringify(events.map((e, ord) => ({ ord, customer_id: e.customerId, event: e.event }))),
      CUSTOMER_EVENTS_CHANNEL,
    ],
  );
}

const batches = new WeakMap<Queryable, LiveAnnouncement[]>();

/**
 * Gathers the live events announced in a delivery's transaction (by the dispatcher and by the
 * subscribers it calls), to be numbered and sent in one statement by `flush`, in their order,
 * before the delivery marks its events.
 */
export function collectLiveEvents(q: Queryable): { flush(): Promise<void> } {
  const gathered: LiveAnnouncement[] = [];
  batches.set(q, gathered);
  return {
    flush: async () => {
      batches.delete(q);
      await appendCustomerEvents(q, gathered);
    },
  };
}

/**
 * Announces a live event to the customer's streams: with the delivery's other announcements when
 * `q` is a delivery's transaction, else at once, in the caller's transaction.
 */
export async function announceLive(q: Queryable, customerId: string, event: LiveEvent): Promise<void> {
  const batch = batches.get(q);
  if (batch) batch.push({ customerId, event });
  else await appendCustomerEvents(q, [{ customerId, event }]);
}
