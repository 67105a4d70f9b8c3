// Error codes thrown here: event_streams_per_customer, event_streams_per_session.
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/types.ts';
import { AppError } from '../../errors.ts';
import { HEARTBEAT_MS } from './live-service.ts';
import { releaseLiveStreamSlot, renewLiveStreamSlot, takeLiveStreamSlot } from './queries.ts';

/** A session may hold this many live streams at once, on all instances together (a few tabs; not a flood). */
export const MAX_STREAMS_PER_SESSION = 4;
/** A customer may hold this many across all their sessions (signing in again gives no more). */
export const MAX_STREAMS_PER_CUSTOMER = 8;
/** A stream's slot lasts this long unless its heartbeat renews it: a killed instance's slots free themselves. */
export const STREAM_LEASE_SECONDS = (3 * HEARTBEAT_MS) / 1000;

export interface Slot {
  id: string;
  sessionKey: string;
  customerId: string;
  leaseSeconds: number;
}

/** Where the open streams of every instance are counted: the database, or Redis (REDIS_URL). */
export interface SlotStore {
  take(
    slot: Slot,
    max: { perSession: number; perCustomer: number },
  ): Promise<'taken' | 'session_full' | 'customer_full'>;
  renew(slot: Slot): Promise<void>;
  release(slot: Slot): Promise<void>;
}

/** Slots as rows of `live_streams` (queries.ts). */
export const databaseSlotStore = (db: Db): SlotStore => ({
  take: (slot, max) => takeLiveStreamSlot(db, slot, max),
  renew: (slot) => renewLiveStreamSlot(db, slot.id, slot.leaseSeconds),
  release: (slot) => releaseLiveStreamSlot(db, slot.id),
});

export interface StreamSlot {
  /** Extends the lease (call it with each heartbeat). */
  renew(): Promise<void>;
  /** Frees the slot; may be called any number of times (never rejects). */
  release(): Promise<void>;
}

/**
 * Counts the live streams open per session and per customer in a store every instance shares, so
 * the caps hold across instances. `acquire` refuses the one too many of either with a 429 problem.
 */
export class StreamLimit {
  readonly #max: { perSession: number; perCustomer: number };

  constructor(
    private readonly store: SlotStore,
    limits: { perSession?: number; perCustomer?: number } = {},
  ) {
    this.#max = {
      perSession: limits.perSession ?? MAX_STREAMS_PER_SESSION,
      perCustomer: limits.perCustomer ?? MAX_STREAMS_PER_CUSTOMER,
    };
  }

  async acquire(sessionKey: string, customerId: string): Promise<StreamSlot> {
    const slot: Slot = { id: randomUUID(), sessionKey, customerId, leaseSeconds: STREAM_LEASE_SECONDS };
    const outcome = await this.store.take(slot, this.#max);
    if (outcome === 'session_full') throw new AppError('event_streams_per_session');
    if (outcome === 'customer_full') throw new AppError('event_streams_per_customer');
    let released = false;
    return {
      renew: () => (released ? Promise.resolve() : this.store.renew(slot)),
      release: async () => {
        if (released) return;
        released = true;
        await this.store.release(slot).catch(() => undefined);
      },
    };
  }
}
