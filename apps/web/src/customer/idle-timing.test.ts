import { describe, expect, it } from 'vitest';
import { idlePhase, WARNING_BEFORE_MS } from './idle-timing.ts';

const MINUTE = 60_000;

describe('idlePhase', () => {
  it('with a 5-minute timeout, warns 4 minutes after the last call and expires at 5', () => {
    const last = 1_000_000;
    expect(idlePhase(last, last, 300)).toBe('ok');
    expect(idlePhase(last + 4 * MINUTE - 1, last, 300)).toBe('ok');
    expect(idlePhase(last + 4 * MINUTE, last, 300)).toBe('warn');
    expect(idlePhase(last + 5 * MINUTE - 1, last, 300)).toBe('warn');
    expect(idlePhase(last + 5 * MINUTE, last, 300)).toBe('expired');
    expect(WARNING_BEFORE_MS).toBe(MINUTE);
  });

  it('warns for a fifth of a short timeout only, so the customer first gets time to act', () => {
    // 2 minutes: the warning opens 24 s before the end, not after a single minute.
    expect(idlePhase(96_000 - 1, 0, 120)).toBe('ok');
    expect(idlePhase(96_000, 0, 120)).toBe('warn');
    expect(idlePhase(120_000, 0, 120)).toBe('expired');
  });

  it('times from the last call, not from the start', () => {
    expect(idlePhase(10 * MINUTE, 9 * MINUTE, 300)).toBe('ok');
  });
});
