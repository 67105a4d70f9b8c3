import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isSepaText, toSepaText } from './sepa-charset.ts';

const ALLOWED = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/-?:().,'+ ";

describe('SEPA character set', () => {
  it('accepts the basic Latin set, the empty motif included', () => {
    expect(isSepaText('')).toBe(true);
    expect(isSepaText("Loyer mars 2026 - appt 3B (ref: 12/04), merci +1 'ok'?")).toBe(true);
    fc.assert(fc.property(fc.string({ unit: fc.constantFrom(...ALLOWED) }), (s) => isSepaText(s)));
  });

  it('refuses accents, symbols and control characters', () => {
    for (const s of [
      'Loyer février',
      'café',
      '100€',
      'a&b',
      'x_y',
      'line\nbreak',
      'tab\t',
      '#1',
      '@',
      '"q"',
    ]) {
      expect(isSepaText(s), s).toBe(false);
    }
    fc.assert(
      fc.property(
        fc.string(),
        fc.string({ minLength: 1, maxLength: 1 }).filter((c) => !ALLOWED.includes(c)),
        (s, bad) => !isSepaText(s + bad),
      ),
    );
  });

  it('transliterates what a French customer types: accents, ligatures, typographic apostrophes', () => {
    expect(toSepaText('Loyer février – l’appartement')).toBe("Loyer fevrier – l'appartement");
    expect(toSepaText('Cœur, Æsop, Straße, Noël, ÇA')).toBe('Coeur, AEsop, Strasse, Noel, CA');
    expect(isSepaText(toSepaText('Remboursement déjeuner à Évian'))).toBe(true);
    // Already SEPA text is left as it is; other symbols are not made up.
    fc.assert(fc.property(fc.string({ unit: fc.constantFrom(...ALLOWED) }), (s) => toSepaText(s) === s));
    expect(isSepaText(toSepaText('100€'))).toBe(false);
  });
});
