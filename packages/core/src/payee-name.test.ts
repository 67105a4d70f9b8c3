import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { matchPayeeName, nameTypoDistance, payeeNameWords } from './payee-name.ts';
import { ibanBankCode, isOwnBankIban, luxembourgIban } from './iban.ts';

const word = fc.stringMatching(/^[a-z]{2,10}$/);
const name = fc.array(word, { minLength: 1, maxLength: 4 }).map((w) => w.join(' '));

/** Capitals, accents on the vowels, doubled spaces: what people type for the same name. */
const ACCENTED: Record<string, string> = { a: 'à', e: 'é', i: 'ï', o: 'ô', u: 'ü', c: 'ç' };
const restyle = (text: string, seed: number): string =>
  [...text]
    .map((ch, i) => {
      const r = (seed >> (i % 24)) & 3;
      if (ch === ' ') return r === 0 ? '  ' : r === 1 ? ' - ' : ' ';
      if (r === 1) return ch.toUpperCase();
      if (r === 2) return ACCENTED[ch] ?? ch;
      return ch;
    })
    .join('');

describe('matchPayeeName', () => {
  it('does not depend on case, accents, punctuation or spacing', () => {
    fc.assert(
      fc.property(name, fc.integer({ min: 0, max: 2 ** 24 }), (n, seed) => {
        expect(matchPayeeName(restyle(n, seed), n)).toBe('match');
      }),
    );
  });

  it('does not depend on word order', () => {
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 4 }), name, (words, other) => {
        const reversed = [...words].reverse().join(' ');
        expect(matchPayeeName(reversed, words.join(' '))).toBe('match');
        expect(matchPayeeName(reversed, other)).toBe(matchPayeeName(words.join(' '), other));
      }),
    );
  });

  it('is symmetric', () => {
    fc.assert(
      fc.property(name, name, (a, b) => {
        expect(matchPayeeName(a, b)).toBe(matchPayeeName(b, a));
      }),
    );
  });

  it('finds a first name written as its initial close', () => {
    fc.assert(
      fc.property(word, word, (first, last) => {
        const result = matchPayeeName(`${first[0]}. ${last}`, `${first} ${last}`);
        expect(result).toBe('close_match');
      }),
    );
  });

  it('finds one changed letter in a long word close, two changes not', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z]{6,10}$/), word, (long, first) => {
        const i = 1 + ((long.length * 7) % (long.length - 1));
        const swapped = long[i] === 'z' ? 'y' : 'z';
        const once = `${long.slice(0, i)}${swapped}${long.slice(i + 1)}`;
        fc.pre(once !== long);
        expect(matchPayeeName(`${first} ${once}`, `${first} ${long}`)).toBe('close_match');
        const twice = `${once[0] === 'q' ? 'w' : 'q'}${once.slice(1)}`;
        fc.pre(nameTypoDistance(twice, long) >= 2 && twice !== first);
        expect(matchPayeeName(`${first} ${twice}`, `${first} ${long}`)).toBe('no_match');
      }),
    );
  });

  const CASES: [typed: string, holder: string, expected: string][] = [
    ['Jean Dupont', 'Jean Dupont', 'match'],
    ['jean dupont', 'JEAN DUPONT', 'match'],
    ['Dupont Jean', 'Jean Dupont', 'match'],
    ['Éloïse Lefèvre-Dupont', 'Eloise Lefevre Dupont', 'match'],
    ['  Hélène   d’Aubigné ', "Helene d'Aubigne", 'match'],
    ['Jürgen Groß', 'Jurgen Gross', 'match'],
    ['J. Dupont', 'Jean Dupont', 'close_match'],
    ['J Dupont', 'Jean Dupont', 'close_match'],
    ['Jean Dupont', 'Jean Pierre Dupont', 'close_match'],
    ['Jean-Pierre Dupont', 'Jean Dupont', 'close_match'],
    ['Jean Dupond', 'Jean Dupont', 'close_match'],
    ['Jean Dpuont', 'Jean Dupont', 'close_match'],
    ['Erika Musterman', 'Erika Mustermann', 'close_match'],
    ['E. Mustermann', 'Erika Mustermann', 'close_match'],
    ['Camile Martin', 'Camille Martin', 'close_match'],
    ['Marie Dupont', 'Jean Dupont', 'no_match'],
    ['Dupont', 'Jean Dupont', 'no_match'],
    ['J. D.', 'Jean Dupont', 'no_match'],
    ['Jean Dupuis', 'Jean Dupont', 'no_match'],
    ['Jean Marie Louis Dupont', 'Jean Dupont', 'no_match'],
    ['Paul Weber', 'Erika Mustermann', 'no_match'],
    ['Léa Roy', 'Léo Roy', 'no_match'],
    ['K. Dupont', 'Jean Dupont', 'no_match'],
    ['---', 'Jean Dupont', 'no_match'],
  ];
  it.each(CASES)('« %s » against « %s » → %s', (typed, holder, expected) => {
    expect(matchPayeeName(typed, holder)).toBe(expected);
    expect(matchPayeeName(holder, typed)).toBe(expected);
  });

  it('splits names into comparable words', () => {
    expect(payeeNameWords('  Lefèvre-Dupont, Éloïse ')).toEqual(['lefevre', 'dupont', 'eloise']);
    expect(nameTypoDistance('dupont', 'dpuont')).toBe(1);
    expect(nameTypoDistance('dupont', 'dupuis')).toBe(2);
  });

  it('stays quick on long inputs', () => {
    const many = Array.from({ length: 35 }, () => 'a').join(' ');
    const started = performance.now();
    expect(matchPayeeName(many, 'a a a a a a a a')).toBe('no_match');
    expect(matchPayeeName('a a a a a a a b', 'a a a a a a a a')).toBe('no_match');
    expect(matchPayeeName('a a a a a a a', 'ab ac ad ae af ag ah ai')).toBe('no_match');
    expect(matchPayeeName('a b c d e f g', 'alpha b c d e f g h')).toBe('no_match');
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe('own bank IBANs', () => {
  it('reads the bank code of a Luxembourg IBAN', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 9_999_999_999_999n }), (n) => {
        const iban = luxembourgIban('099', n);
        expect(ibanBankCode(iban)).toBe('099');
        expect(isOwnBankIban(iban, { bankCode: '099' })).toBe(true);
        expect(isOwnBankIban(iban, { bankCode: '001' })).toBe(false);
      }),
    );
    expect(ibanBankCode('DE55370400440532014000')).toBeNull();
    expect(ibanBankCode('LU290019400644750000')).toBeNull();
  });
});
