import type { LiveEvent } from '@comptoir/contracts';
import type { Db } from '../../db/types.ts';
import { liveHub } from './hub.ts';

/**
 * Subscribes to a customer's live events as `GET /api/events` does; `until(n)` waits for n of them.
 * The `notification` events that follow credits, card payments, transfers and bank messages are
 * left out unless `only: 'notifications'` asks for those alone (the notifications tests).
 * For tests (never imported by production code).
 */
export async function listenLive(
  db: Db,
  customerId: string,
  options: { only?: 'notifications' | 'others' } = {},
) {
  const only = options.only ?? 'others';
  const events: LiveEvent[] = [];
  let wake = () => {};
  const stop = await liveHub(db).subscribe(customerId, (event) => {
    if ((event.type === 'notification') !== (only === 'notifications')) return;
    events.push(event);
    wake();
  });
  const until = async (count: number): Promise<LiveEvent[]> => {
    while (events.length < count) await new Promise<void>((resolve) => (wake = resolve));
    return events;
  };
  return { events, until, stop };
}
