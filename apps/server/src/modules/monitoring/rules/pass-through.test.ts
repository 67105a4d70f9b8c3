import { describe, expect, it } from 'vitest';
import { passThrough } from './pass-through.ts';
import { HOUR, input, move, P } from './test-movements.ts';

describe('pass-through: a credit of 1,000 € or more, then within 24 h outgoing transfers adding up to 80 % of it', () => {
  it.each([
    ['a credit just below 1,000 € (999.99 €)', 999.99, 800, false],
    ['a credit of 1,000 €, 799.99 € sent', 1_000, 799.99, false],
    ['a credit of 1,000 €, 800 € sent (80 %)', 1_000, 800, true],
    ['a credit of 1,000 €, 800.01 € sent', 1_000, 800.01, true],
  ])('%s: hit %s', (_, credit, sent, hit) => {
    const c = move(credit, -2 * HOUR);
    expect(passThrough(P, input(move(-sent, 0), [c])) !== null).toBe(hit);
  });

  it.each([
    ['sent 24 h minus 1 ms after the credit', 24 * HOUR - 1, true],
    ['sent exactly 24 h after the credit', 24 * HOUR, false],
    ['sent 24 h plus 1 ms after the credit', 24 * HOUR + 1, false],
  ])('%s: hit %s', (_, after, hit) => {
    expect(passThrough(P, input(move(-900, 0), [move(1_000, -after)])) !== null).toBe(hit);
  });

  it('adds the transfers since the credit; the hit comes with the one that crosses the line, once', () => {
    const credit = move(5_000, -5 * HOUR);
    const earlier = move(-3_000, -6 * HOUR); // before the credit: not counted
    const first = move(-2_500, -3 * HOUR);
    const second = move(-1_500, -1 * HOUR);
    const hit = passThrough(P, input(second, [earlier, credit, first]));
    expect(hit).toEqual({
      rule: 'pass_through',
      entryIds: [credit.entryId, first.entryId, second.entryId],
      details: { creditCents: 500_000, sentCents: 400_000, percent: 80, windowHours: 24 },
    });
    expect(passThrough(P, input(move(-100, 0), [earlier, credit, first, second]))).toBeNull();
  });

  it('card payments and direct debits are not transfers; an incoming movement does not hit', () => {
    const credit = move(2_000, -HOUR);
    expect(passThrough(P, input(move(-1_900, 0, { kind: 'card' }), [credit]))).toBeNull();
    expect(passThrough(P, input(move(-1_900, 0, { kind: 'direct_debit' }), [credit]))).toBeNull();
    expect(passThrough(P, input(move(1_900, 0), [credit]))).toBeNull();
  });
});
