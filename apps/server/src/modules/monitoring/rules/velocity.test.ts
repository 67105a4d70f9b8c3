import { describe, expect, it } from 'vitest';
import { velocity } from './velocity.ts';
import { input, MINUTE, move, P } from './test-movements.ts';

describe('velocity: more than 10 outgoing transfers in one hour', () => {
  const earlier = (n: number, spacing = MINUTE) =>
    Array.from({ length: n }, (_, i) => move(-20, -(n - i) * spacing));

  it.each([
    ['the 10th transfer in the hour', 9, false],
    ['the 11th', 10, true],
    ['the 12th (the burst already hit)', 11, false],
  ])('%s: hit %s', (_, before, hit) => {
    expect(velocity(P, input(move(-20, 0), earlier(before))) !== null).toBe(hit);
  });

  it.each([
    ['the first of them 60 minutes minus 1 ms earlier', 60 * MINUTE - 1, true],
    ['the first exactly 60 minutes earlier', 60 * MINUTE, false],
  ])('the 11th, %s: hit %s', (_, first, hit) => {
    const before = [move(-20, -first), ...earlier(9)];
    expect(velocity(P, input(move(-20, 0), before)) !== null).toBe(hit);
  });

  it('counts transfers only: card payments and credits do not add up', () => {
    const mixed = [...earlier(9), move(-20, -30 * MINUTE, { kind: 'card' }), move(20, -20 * MINUTE)];
    expect(velocity(P, input(move(-20, 0), mixed))).toBeNull();
    const hit = velocity(P, input(move(-20, 0), [...mixed, move(-20, -10 * MINUTE)]));
    expect(hit?.details).toEqual({ transfers: 11, windowMinutes: 60 });
    expect(hit?.entryIds).toHaveLength(11);
  });
});
