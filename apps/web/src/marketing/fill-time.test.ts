import { describe, expect, it } from 'vitest';
import { CONTACT_LIMITS } from '@comptoir/contracts';
import { MIN_FILL_TIME_MS } from './contact-form.ts';
import { waitOutFillTime, type FillTimer } from './fill-time.ts';

/**
 * A page clock whose timers fire up to `early` ms (less than one) before the delay asked for, as
 * Chromium's do: the delay is truncated to whole milliseconds and `performance.now()` is coarsened.
 */
function fakeTimer(start: number, early = 0) {
  let now = start;
  const sleeps: number[] = [];
  const timer: FillTimer = {
    now: () => now,
    sleep: async (ms) => {
      sleeps.push(ms);
      now += Math.max(0, ms - early);
    },
  };
  return { timer, sleeps, advance: (ms: number) => (now += ms) };
}

describe('waitOutFillTime', () => {
  it('does not wait for a person who took longer than the minimum', async () => {
    const { timer, sleeps } = fakeTimer(10_000.4);
    expect(await waitOutFillTime(2_000, timer)).toBe(8_000);
    expect(sleeps).toEqual([]);
  });

  it('makes a fast person wait the rest, then reports at least the minimum', async () => {
    const { timer, sleeps } = fakeTimer(1_250.25);
    expect(await waitOutFillTime(0, timer)).toBeGreaterThanOrEqual(MIN_FILL_TIME_MS);
    expect(sleeps.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(MIN_FILL_TIME_MS - 1_250.25);
  });

  it.each([0.2, 0.7, 0.99])(
    'never reports less than the minimum when the timer fires %s ms early',
    async (early) => {
      for (const start of [0, 0.3, 1_234.2, 2_999.6]) {
        const { timer } = fakeTimer(start, early);
        const fillTimeMs = await waitOutFillTime(0, timer);
        expect(Number.isInteger(fillTimeMs)).toBe(true);
        expect(fillTimeMs).toBeGreaterThanOrEqual(CONTACT_LIMITS.minFillTimeMs);
      }
    },
  );

  it('stays within what the server accepts for a form left open for days', async () => {
    const { timer } = fakeTimer(3 * 86_400_000);
    expect(await waitOutFillTime(0, timer)).toBe(86_400_000);
  });
});
