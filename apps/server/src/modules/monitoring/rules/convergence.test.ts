import { describe, expect, it } from 'vitest';
import { convergence } from './convergence.ts';
import { HOUR, input, move, P } from './test-movements.ts';

const IBANS = [
  'FR1420041010050500013M02606',
  'DE89370400440532013000',
  'BE68539007547034',
  'NL91ABNA0417164300',
  'IT60X0542811101000000123456',
];
const from = (i: number, offset: number, more = {}) =>
  move(50, offset, { counterpartyIban: IBANS[i] ?? null, ...more });

describe('convergence: five or more distinct payers into one account within 24 h', () => {
  it.each([
    ['the 4th distinct payer', 3, false],
    ['the 5th', 4, true],
  ])('%s: hit %s', (_, payersBefore, hit) => {
    const before = Array.from({ length: payersBefore }, (_, i) => from(i, -(i + 1) * HOUR));
    expect(convergence(P, input(from(4, 0), before)) !== null).toBe(hit);
  });

  it.each([
    ['the first payer 24 h minus 1 ms earlier', 24 * HOUR - 1, true],
    ['the first payer exactly 24 h earlier', 24 * HOUR, false],
  ])('%s: hit %s', (_, first, hit) => {
    const before = [from(0, -first), from(1, -3 * HOUR), from(2, -2 * HOUR), from(3, -HOUR)];
    expect(convergence(P, input(from(4, 0), before)) !== null).toBe(hit);
  });

  it('one payer is one IBAN whatever its spacing or case; the same payer again does not count', () => {
    const before = [
      from(0, -5 * HOUR),
      move(50, -4 * HOUR, { counterpartyIban: 'fr14 2004 1010 0505 0001 3m02 606' }),
      from(1, -3 * HOUR),
      from(2, -2 * HOUR),
      from(3, -HOUR),
    ];
    expect(convergence(P, input(from(3, 0), before))).toBeNull();
    const hit = convergence(P, input(from(4, 0), before));
    expect(hit?.details).toEqual({ payers: 5, windowHours: 24 });
    // The first credit of each payer, and the new one.
    expect(hit?.entryIds).toEqual(
      [before[0], before[2], before[3], before[4]].map((m) => m?.entryId).concat(hit?.entryIds.at(-1) ?? 0n),
    );
  });

  it('counts the payers of one account, by name when there is no IBAN; a credit naming nobody does not count', () => {
    const names = ['Alice Martin', 'Bruno Petit', 'Chloé Roux', 'David Morel'];
    const before = names.map((name, i) => move(50, -(i + 1) * HOUR, { counterpartyName: name }));
    expect(convergence(P, input(move(50, 0, { counterpartyName: 'Emma Blanc' }), before))).not.toBeNull();
    expect(
      convergence(P, input(move(50, 0, { counterpartyName: 'Emma Blanc', accountId: 2n }), before)),
    ).toBeNull();
    expect(convergence(P, input(move(50, 0), before))).toBeNull();
  });
});
