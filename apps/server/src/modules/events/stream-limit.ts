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

export interface StreamSlot {
  /** Extends the lease (call it with each heartbeat). */
  renew(): Promise<void>;
  /** Frees the slot; may be called any number of times (never rejects). */
  release(): Promise<void>;
}

/**
 * Counts the live streams open per session and per customer in the database, so the caps hold
 * across every instance. `acquire` refuses the one too many of either with a 429 problem.
 */
export class StreamLimit {
  readonly #max: { perSession: number; perCustomer: number };

  constructor(
    private readonly db: Db,
    limits: { perSession?: number; perCustomer?: number } = {},
  ) {
    this.#max = {
      perSession: limits.perSession ?? MAX_STREAMS_PER_SESSION,
      perCustomer: limits.perCustomer ?? MAX_STREAMS_PER_CUSTOMER,
    };
  }

  async acquire(sessionKey: string, customerId: string): Promise<StreamSlot> {
    const id = randomUUID();
    const outcome = await takeLiveStreamSlot(
      this.db,
      { id, sessionKey, customerId, leaseSeconds: STREAM_LEASE_SECONDS },
      this.#max,
    );
    if (outcome === 'session_full') throw new AppError('event_streams_per_session');
    if (outcome === 'customer_full') throw new AppError('event_streams_per_customer');
    let released = false;
    return {
      renew: () => (released ? Promise.resolve() : renewLiveStreamSlot(this.db, id, STREAM_LEASE_SECONDS)),
      release: async () => {
        if (released) return;
        released = true;
        await releaseLiveStreamSlot(this.db, id).catch(() => undefined);
      },
    };
  }
}
