import { describe, expect, it, vi } from 'vitest';
import { weeklyAboveMonthly, type CardLimitsRequest } from '@comptoir/contracts';
import { createLimitsSaver } from './limits-saver.ts';

const START: CardLimitsRequest = {
  weeklyLimit: 10_000,
  monthlyLimit: 30_000,
  channels: { online: true, inStore: true, atm: true, recurring: true },
};

/** A server the test answers by hand: each request waits until the test lets it through. */
function fakeServer() {
  const sent: CardLimitsRequest[] = [];
  const answers: (() => void)[] = [];
  const send = (limits: CardLimitsRequest) => {
    sent.push(limits);
    return new Promise<void>((resolve) => answers.push(resolve));
  };
  /** Answers each request as it comes, until every save asked for so far is done. */
  const answerAll = async (saver: { settled(): Promise<void> }) => {
    let done = false;
    const all = saver.settled().then(() => {
      done = true;
    });
    while (!done) {
      answers.shift()?.();
      await Promise.resolve();
    }
    await all;
  };
  return { sent, send, answerAll };
}

const errors: unknown[] = [];
const onError = (error: unknown) => errors.push(error);

describe('the card screen’s limit sliders (createLimitsSaver)', () => {
  it('dragging the monthly limit below the weekly one sends nothing, even let go there; the screen shows the conflict', async () => {
    const server = fakeServer();
    const saver = createLimitsSaver(START);
    for (const monthly of [25_000, 15_000, 9_000, 5_000]) saver.preview({ monthlyLimit: monthly });
    expect(weeklyAboveMonthly(saver.shown)).toBe(true);
    saver.release({}, server.send, onError);
    await server.answerAll(saver);
    expect(server.sent).toEqual([]);
    expect(saver.busy).toBe(false);

    // Brought back above the weekly limit and let go: the whole state shown is saved, once.
    saver.preview({ monthlyLimit: 20_000 });
    saver.release({}, server.send, onError);
    await server.answerAll(saver);
    expect(server.sent).toEqual([{ ...START, monthlyLimit: 20_000 }]);
  });

  it('a save queued before the monthly slider crossed the weekly one never sends what the crossing shows', async () => {
    const server = fakeServer();
    const saver = createLimitsSaver(START);
    // Key presses on the monthly slider: each one is let go at once, the first on its way…
    saver.release({ monthlyLimit: 20_000 }, server.send, onError);
    await vi.waitFor(() => expect(server.sent).toHaveLength(1));
    saver.release({ monthlyLimit: 15_000 }, server.send, onError);
    saver.release({ monthlyLimit: 10_000 }, server.send, onError);
    // …then it goes below the weekly limit (held down, or dragged) while those wait.
    saver.preview({ monthlyLimit: 9_000 });
    saver.release({ monthlyLimit: 8_000 }, server.send, onError);
    saver.preview({ monthlyLimit: 5_000 });
    await server.answerAll(saver);

    expect(server.sent.every((limits) => !weeklyAboveMonthly(limits))).toBe(true);
    // The first, then the latest state let go that agrees (the queued ones sent once).
    expect(server.sent).toEqual([
      { ...START, monthlyLimit: 20_000 },
      { ...START, monthlyLimit: 10_000 },
    ]);
    expect(saver.shown.monthlyLimit).toBe(5_000);
  });

  it('never sends a value still being dragged; a switch flipped saves the limits shown with it', async () => {
    const server = fakeServer();
    const saver = createLimitsSaver(START);
    saver.release({ weeklyLimit: 12_000 }, server.send, onError);
    await vi.waitFor(() => expect(server.sent).toHaveLength(1));
    saver.release({ weeklyLimit: 13_000 }, server.send, onError);
    // The weekly slider grabbed again and dragged while those two are on their way.
    saver.preview({ weeklyLimit: 14_000 });
    await server.answerAll(saver);
    expect(server.sent).toEqual([
      { ...START, weeklyLimit: 12_000 },
      { ...START, weeklyLimit: 13_000 },
    ]);
    // Let go where it is, or a switch flipped: what is shown is saved.
    saver.release({ channels: { atm: false } }, server.send, onError);
    await server.answerAll(saver);
    expect(server.sent.at(-1)).toEqual({
      ...START,
      weeklyLimit: 14_000,
      channels: { ...START.channels, atm: false },
    });
  });

  it('sends nothing for a slider let go where it was; keeps the server’s values only when nothing is on the way', async () => {
    const server = fakeServer();
    const saver = createLimitsSaver(START);
    saver.release({}, server.send, onError);
    await server.answerAll(saver);
    expect(server.sent).toEqual([]);

    saver.release({ weeklyLimit: 11_000 }, server.send, onError);
    expect(saver.reset({ ...START, weeklyLimit: 2_000 })).toBe(false);
    expect(saver.shown.weeklyLimit).toBe(11_000);
    await server.answerAll(saver);
    expect(saver.reset({ ...START, weeklyLimit: 11_000 })).toBe(true);
    expect(errors).toEqual([]);
  });

  it('hands a refused save to the screen and sends the next one let go', async () => {
    const failing: CardLimitsRequest[] = [];
    const seen: unknown[] = [];
    const saver = createLimitsSaver(START);
    const send = (limits: CardLimitsRequest) => {
      failing.push(limits);
      return failing.length === 1 ? Promise.reject(new Error('refusé')) : Promise.resolve();
    };
    const onRefused = (error: unknown) => seen.push(error);
    saver.release({ weeklyLimit: 12_000 }, send, onRefused);
    await saver.settled();
    expect(seen).toEqual([new Error('refusé')]);
    saver.release({ weeklyLimit: 12_000 }, send, onRefused);
    await saver.settled();
    expect(failing).toEqual([
      { ...START, weeklyLimit: 12_000 },
      { ...START, weeklyLimit: 12_000 },
    ]);
  });
});
