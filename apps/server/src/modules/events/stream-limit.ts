// Error codes thrown here: event_streams_per_customer, event_streams_per_session.
import { AppError } from '../../errors.ts';

/** A session may hold this many live streams at once on an instance (a few tabs; not a flood). */
export const MAX_STREAMS_PER_SESSION = 4;
/** A customer may hold this many across all their sessions (signing in again gives no more). */
export const MAX_STREAMS_PER_CUSTOMER = 8;

/** Open streams per key; `take` refuses the one too many, the release it returns may run any number of times. */
class Counter {
  readonly #open = new Map<string, number>();

  constructor(private readonly max: number) {}

  full(key: string): boolean {
    return (this.#open.get(key) ?? 0) >= this.max;
  }

  take(key: string): () => void {
    this.#open.set(key, (this.#open.get(key) ?? 0) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.#open.get(key) ?? 1) - 1;
      if (left > 0) this.#open.set(key, left);
      else this.#open.delete(key);
    };
  }
}

/**
 * Counts the live streams open on this instance per session and per customer. `acquire` refuses
 * the one too many of either with a 429 problem; the release it returns may be called any number
 * of times.
 */
export class StreamLimit {
  readonly #sessions: Counter;
  readonly #customers: Counter;

  constructor(limits: { perSession?: number; perCustomer?: number } = {}) {
    this.#sessions = new Counter(limits.perSession ?? MAX_STREAMS_PER_SESSION);
    this.#customers = new Counter(limits.perCustomer ?? MAX_STREAMS_PER_CUSTOMER);
  }

  acquire(sessionKey: string, customerId: string): () => void {
    const customerKey = customerId.toLowerCase();
    if (this.#sessions.full(sessionKey)) {
      throw new AppError('event_streams_per_session');
    }
    if (this.#customers.full(customerKey)) {
      throw new AppError('event_streams_per_customer');
    }
    const session = this.#sessions.take(sessionKey);
    const customer = this.#customers.take(customerKey);
    return () => {
      session();
      customer();
    };
  }
}
