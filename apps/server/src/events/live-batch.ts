import type { LiveEvent } from '@comptoir/contracts';
import type { Queryable } from '../db/types.ts';
import { appendCustomerEvents, type LiveAnnouncement } from './log-queries.ts';

const batches = new WeakMap<Queryable, LiveAnnouncement[]>();

/**
 * The delivery transaction as the subscribers see it: the same statements, and the live events
 * they announce gathered, to be numbered and sent in one statement by `flush` (before the delivery
 * marks its events).
 */
export function collectingLiveEvents(q: Queryable): { q: Queryable; flush(): Promise<void> } {
  const gathered: LiveAnnouncement[] = [];
  const wrapped: Queryable = { query: (sql, params, options) => q.query(sql, params, options) };
  batches.set(wrapped, gathered);
  return { q: wrapped, flush: () => appendCustomerEvents(q, gathered.splice(0)) };
}

/**
 * Announces a live event to the customer's streams, in the order of the delivery's announcements
 * (outside a delivery's transaction, at once, in the caller's).
 */
export async function announceLive(q: Queryable, customerId: string, event: LiveEvent): Promise<void> {
  const batch = batches.get(q);
  if (batch) batch.push({ customerId, event });
  else await appendCustomerEvents(q, [{ customerId, event }]);
}
