import { CustomerStatus, LiveEvent } from '@comptoir/contracts';
import type { Db } from '../../db/types.ts';
import { CUSTOMER_EVENTS_CHANNEL } from '../../events/index.ts';

/** An event and its number in the customer's log (absent from an instance of an earlier version). */
type Listener = (event: LiveEvent, seq: number | undefined) => void;

/**
 * One LISTEN connection per instance, fanned out to the streams open on this instance. The
 * connection is opened at the first subscription and closed by `close()`.
 */
export class LiveHub {
  readonly #listeners = new Map<string, Set<Listener>>();
  #listening: Promise<() => Promise<void>> | null = null;

  constructor(private readonly db: Db) {}

  async subscribe(customerId: string, listener: Listener): Promise<() => void> {
    const key = customerId.toLowerCase();
    let set = this.#listeners.get(key);
    if (!set) {
      set = new Set();
      this.#listeners.set(key, set);
    }
    set.add(listener);
    try {
      await this.#listen();
    } catch (error) {
      set.delete(listener);
      throw error;
    }
    return () => {
      const current = this.#listeners.get(key);
      current?.delete(listener);
      if (current?.size === 0) this.#listeners.delete(key);
    };
  }

  /** Streams open on this instance (for tests and metrics). */
  get size(): number {
    let n = 0;
    for (const set of this.#listeners.values()) n += set.size;
    return n;
  }

  async close(): Promise<void> {
    const listening = this.#listening;
    this.#listening = null;
    this.#listeners.clear();
    if (listening) await (await listening.catch(() => async () => undefined))();
  }

  #listen(): Promise<() => Promise<void>> {
    this.#listening ??= this.db.listen(CUSTOMER_EVENTS_CHANNEL, (payload) => this.#dispatch(payload));
    this.#listening.catch(() => {
      this.#listening = null;
    });
    return this.#listening;
  }

  #dispatch(payload: string): void {
    let parsed: unknown;
    try {
      parsed = JSON.parse(payload);
    } catch {
      return;
    }
    if (typeof parsed !== 'object' || parsed === null || !('c' in parsed) || typeof parsed.c !== 'string')
      return;
    let event: LiveEvent;
    if ('s' in parsed) {
      const status = CustomerStatus.safeParse(parsed.s);
      if (!status.success) return;
      event = { type: 'status', status: status.data };
    } else if ('e' in parsed) {
      const other = LiveEvent.safeParse(parsed.e);
      if (!other.success) return;
      event = other.data;
    } else return;
    const seq = 'i' in parsed && typeof parsed.i === 'number' ? parsed.i : undefined;
    for (const listener of this.#listeners.get(parsed.c.toLowerCase()) ?? []) listener(event, seq);
  }
}

const hubs = new WeakMap<Db, LiveHub>();

/** The hub of a database connection (one per instance). */
export function liveHub(db: Db): LiveHub {
  let hub = hubs.get(db);
  if (!hub) {
    hub = new LiveHub(db);
    hubs.set(db, hub);
  }
  return hub;
}

/** Live streams open on this instance (the metrics' gauge). */
export const liveStreamsOpen = (db: Db): number => hubs.get(db)?.size ?? 0;
