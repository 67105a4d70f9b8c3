import type { LiveEvent } from '@comptoir/contracts';
import type { Queryable } from '../db/types.ts';
import { appendCustomerEvents, type LiveAnnouncement } from './log-queries.ts';

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
