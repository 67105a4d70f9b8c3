import { MIN_FILL_TIME_MS } from './contact-form.ts';

/** The page's clock: `performance.now()` and `setTimeout` in the browser. */
export interface FillTimer {
  now(): number;
  sleep(ms: number): Promise<void>;
}

const browserTimer: FillTimer = {
  now: () => performance.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** The longest fill time the server's contract accepts (a form left open for a day or more). */
const MAX_FILL_TIME_MS = 86_400_000;

/**
 * For a person who sends the form sooner than {@link MIN_FILL_TIME_MS} after it appeared, waits the
 * rest; returns the `fillTimeMs` to send: whole milliseconds, never below the minimum. Browsers'
 * timers may fire a fraction of a millisecond early (the delay is truncated to whole milliseconds,
 * `performance.now()` is coarsened), so the clock is read again after each wait instead of trusted.
 */
export async function waitOutFillTime(shownAt: number, timer: FillTimer = browserTimer): Promise<number> {
  for (;;) {
    const elapsed = timer.now() - shownAt;
    if (elapsed >= MIN_FILL_TIME_MS) return Math.min(Math.floor(elapsed), MAX_FILL_TIME_MS);
    await timer.sleep(Math.ceil(MIN_FILL_TIME_MS - elapsed));
  }
}
