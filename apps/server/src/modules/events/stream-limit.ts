import { AppError } from '../../errors.ts';

/** A session may hold this many live streams at once on an instance (a few tabs; not a flood). */
export const MAX_STREAMS_PER_SESSION = 4;

/**
 * Counts the live streams open per session on this instance. `acquire` refuses the one too many
 * with a 429 problem; the release it returns may be called any number of times.
 */
export class StreamLimit {
  readonly #open = new Map<string, number>();

  constructor(private readonly max = MAX_STREAMS_PER_SESSION) {}

  acquire(sessionKey: string): () => void {
    const count = this.#open.get(sessionKey) ?? 0;
    if (count >= this.max) {
      throw new AppError(
        'rate_limited',
        429,
        'Trop de connexions en direct ouvertes pour cette session. Fermez un onglet, puis réessayez.',
      );
    }
    this.#open.set(sessionKey, count + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.#open.get(sessionKey) ?? 1) - 1;
      if (left > 0) this.#open.set(sessionKey, left);
      else this.#open.delete(sessionKey);
    };
  }
}
