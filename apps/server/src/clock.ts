/** Time is injected so tests can move it (expiry, retention, scheduled transfers). */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

export class TestClock implements Clock {
  #t: number;
  constructor(start = Date.now()) {
    this.#t = start;
  }
  now(): Date {
    return new Date(this.#t);
  }
  advance(ms: number): void {
    this.#t += ms;
  }
}
