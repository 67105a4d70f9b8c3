import { describe, expect, it } from 'vitest';
import { structuring } from './structuring.ts';
import { DAY, input, move, P } from './test-movements.ts';

describe('structuring: three incoming credits within 7 days, each from 80 % up to 10,000 €', () => {
  const two = () => [move(9_500, -3 * DAY), move(9_000, -1 * DAY)];

  it.each([
    ['just below 80 % (7,999.99 €)', 7_999.99, false],
    ['at 80 % (8,000 €)', 8_000, true],
    ['just above 80 % (8,000.01 €)', 8_000.01, true],
    ['just below the threshold (9,999.99 €)', 9_999.99, true],
    ['at the threshold (10,000 €: it stands out alone)', 10_000, false],
    ['above the threshold (10,000.01 €)', 10_000.01, false],
  ])('the third credit %s: hit %s', (_, euros, hit) => {
    expect(structuring(P, input(move(euros, 0), two())) !== null).toBe(hit);
  });

  it.each([
    ['the first credit 7 days minus 1 ms earlier', 7 * DAY - 1, true],
    ['the first credit exactly 7 days earlier', 7 * DAY, false],
    ['the first credit 7 days plus 1 ms earlier', 7 * DAY + 1, false],
  ])('%s: hit %s', (_, ago, hit) => {
    const before = [move(9_500, -ago), move(9_000, -1 * DAY)];
    expect(structuring(P, input(move(9_900, 0), before)) !== null).toBe(hit);
  });

  it('names the three credits and their total; the fourth does not hit again', () => {
    const before = two();
    const third = move(8_500, 0);
    const hit = structuring(P, input(third, before));
    expect(hit).toEqual({
      rule: 'structuring',
      entryIds: [before[0]?.entryId, before[1]?.entryId, third.entryId],
      details: { credits: 3, totalCents: 2_700_000, thresholdCents: 1_000_000, windowDays: 7 },
    });
    expect(structuring(P, input(move(8_200, DAY), [...before, third]))).toBeNull();
  });

  it('two such credits, or outgoing amounts, do not hit', () => {
    expect(structuring(P, input(move(9_000, 0), [move(9_500, -DAY)]))).toBeNull();
    expect(structuring(P, input(move(-9_000, 0), two()))).toBeNull();
    expect(structuring(P, input(move(9_000, 0), [move(-9_500, -DAY), move(-9_000, -DAY)]))).toBeNull();
  });
});
