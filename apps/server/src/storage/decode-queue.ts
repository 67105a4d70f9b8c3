/**
 * Runs tasks at most `slots` at a time, first come first served; at most `maxWaiting` more wait for a
 * slot, and any further one is refused at once with `full()` (bounded waiting, bounded memory).
 */
export interface DecodeQueue {
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Tasks running now. */
  readonly active: number;
  /** Tasks waiting for a slot. */
  readonly waiting: number;
}

export function decodeQueue(options: { slots: number; maxWaiting: number; full: () => Error }): DecodeQueue {
  let active = 0;
  const queue: (() => void)[] = [];
  return {
    get active() {
      return active;
    },
    get waiting() {
      return queue.length;
    },
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (active < options.slots) active++;
      else if (queue.length < options.maxWaiting) await new Promise<void>((resolve) => queue.push(resolve));
      else throw options.full();
      try {
        return await task();
      } finally {
        // The slot passes straight to the next in line, or is freed.
        const next = queue.shift();
        if (next) next();
        else active--;
      }
    },
  };
}
