import { describe, expect, it } from 'vitest';
import { deletions, oneEdit } from './one-edit.ts';

describe('oneEdit: Damerau distance 1', () => {
  it.each([
    ['smith', 'smoth', 'typo'], // a letter replaced
    ['smith', 'smitth', 'typo'], // a letter added
    ['smith', 'smth', 'typo'], // a letter left out
    ['smith', 'msith', 'transposition'], // first two swapped
    ['smith', 'smiht', 'transposition'], // last two swapped
    ['jon', 'john', 'typo'],
    ['smith', 'smith', null], // equal: no edit
    ['smith', 'smyht', null], // two edits
    ['smith', 'mtish', null],
    ['dominguez', 'jimenez', null],
    ['ab', 'abcd', null],
  ])('%s → %s: %s', (a, b, expected) => {
    expect(oneEdit(a, b)).toBe(expected);
    expect(oneEdit(b, a)).toBe(expected);
  });
});

describe('deletions: the keys of the typo index', () => {
  it('leaves out each letter once', () => {
    expect(deletions('john')).toEqual(['ohn', 'jhn', 'jon', 'joh']);
    expect(deletions('anna')).toEqual(['nna', 'ana', 'ann']);
  });

  it('two words one edit apart share a key, or one is a key of the other', () => {
    const meet = (a: string, b: string): boolean =>
      deletions(a).includes(b) ||
      deletions(b).includes(a) ||
      deletions(a).some((d) => deletions(b).includes(d));
    for (const [a, b] of [
      ['smith', 'smoth'],
      ['smith', 'smitth'],
      ['smith', 'smiht'],
      ['jon', 'john'],
    ] as const) {
      expect(meet(a, b)).toBe(true);
    }
    expect(meet('smith', 'smart')).toBe(false);
  });
});
