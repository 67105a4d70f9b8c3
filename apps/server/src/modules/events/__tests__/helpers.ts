import { get, type IncomingMessage } from 'node:http';
import type { LiveEvent } from '@comptoir/contracts';
import type { Db } from '../../../db/types.ts';
import { liveHub } from '../hub.ts';

/**
 * Subscribes to a customer's live events as `GET /api/events` does; `until(n)` waits for n of them.
 * The `notification` events that follow credits, card payments, transfers and bank messages are
 * left out unless `only: 'notifications'` asks for those alone (the notifications tests);
 * `untilOne(match)` waits for a matching one and returns the matches.
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
  /** Waits for an event that matches (events from earlier actions may still be arriving). */
  const untilOne = async (match: (event: LiveEvent) => boolean): Promise<LiveEvent[]> => {
    while (!events.some(match)) await new Promise<void>((resolve) => (wake = resolve));
    return events.filter(match);
  };
  return { events, until, untilOne, stop };
}

/**
 * An SSE reader of `GET /api/events` over a real HTTP connection (its own socket): collects the JSON
 * events as they arrive, and beside each its `id:` (`ids`, undefined for none); `next(n)` waits
 * (5 s at most) for n of them, `ended()` tells whether the server ended the stream. `headers` adds
 * request headers (`last-event-id` to resume).
 */
export async function readEventStream(url: string, cookie?: string, headers: Record<string, string> = {}) {
  const events: LiveEvent[] = [];
  const ids: (string | undefined)[] = [];
  const waiters: (() => void)[] = [];
  let ended = false;
  const wake = () => waiters.splice(0).forEach((w) => w());
  const response = await new Promise<IncomingMessage>((resolve, reject) => {
    const req = get(url, { agent: false, headers: { ...headers, ...(cookie ? { cookie } : {}) } }, resolve);
    req.on('error', reject);
  });
  let buffer = '';
  response.setEncoding('utf8');
  response.on('data', (chunk: string) => {
    buffer += chunk;
    let cut: number;
    while ((cut = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      let id: string | undefined;
      for (const line of block.split('\n')) {
        if (line.startsWith('id: ')) id = line.slice(4);
        if (line.startsWith('data: ')) {
          events.push(JSON.parse(line.slice(6)) as LiveEvent);
          ids.push(id);
        }
      }
    }
    wake();
  });
  response.on('close', () => {
    ended = true;
    wake();
  });
  const next = async (count: number, timeoutMs = 5000): Promise<LiveEvent[]> => {
    const deadline = Date.now() + timeoutMs;
    while (events.length < count && !ended) {
      const left = deadline - Date.now();
      if (left <= 0) break;
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, left).unref();
      });
    }
    return events.slice(0, count);
  };
  return { response, events, ids, next, close: () => response.destroy(), ended: () => ended };
}
