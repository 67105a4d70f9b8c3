import type { AfterCommit } from '../db/types.ts';

let deliver: AfterCommit = async () => undefined;

/**
 * What a transaction that wrote events runs once committed: the delivery of this instance's
 * dispatcher (`dispatcher.ts` sets it when attached; until then, events wait for a delivery pass).
 */
export const deliverCommittedEvents: AfterCommit = (db) => deliver(db);

export function setCommittedEventsDelivery(fn: AfterCommit): void {
  deliver = fn;
}
