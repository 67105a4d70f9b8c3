import type { Queryable } from '../db/types.ts';
import { deliverAfterCommit } from './dispatcher.ts';
import type { PublishedEvents } from './port.ts';
import { insertDomainEvent } from './dispatch-queries.ts';

/** A durable event: the one row the publisher's transaction writes. */
export type DurableEventType = Exclude<keyof PublishedEvents, 'notification'>;

/**
 * Writes the event's row in the caller's transaction and asks for its delivery once that
 * transaction has committed (the caller's `tx` returns after it, or after DELIVERY_WAIT_MS; the
 * jobs' pass delivers whatever another instance, or a killed one, left behind).
 */
export async function recordEvent<T extends DurableEventType>(
  q: Queryable,
  customerId: string,
  type: T,
  payload: PublishedEvents[T],
): Promise<void> {
  await insertDomainEvent(q, customerId, type, payload);
  q.afterCommit?.(deliverAfterCommit);
}
