import { describe, expect, it } from 'vitest';
import { isFlagged } from './flag.ts';

describe('a payee IBAN is flagged once two different customers reported transfers to it as fraud', () => {
  it.each([
    ['no customer', 0, false],
    ['one customer, however many of their transfers', 1, false],
    ['two customers', 2, true],
    ['three customers', 3, true],
  ] as const)('%s → flagged: %s', (_label, reporters, flagged) => {
    expect(isFlagged(reporters)).toBe(flagged);
  });
});
