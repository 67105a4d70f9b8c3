import { describe, expect, it } from 'vitest';
import { nameWords } from './normalise.ts';
import { withoutLegalForms } from './word-classes.ts';

const words = (name: string, joinDots = false): string[] => nameWords(name, { joinDots }).map((w) => w.text);

describe('nameWords: a name as lower-case ASCII words', () => {
  it.each([
    // [what, as written, words]
    ['case', 'John SMITH', ['john', 'smith']],
    ['accents (NFKD, marks dropped)', 'Carlos Domínguez Peña', ['carlos', 'dominguez', 'pena']],
    ['ß → ss', 'Günther STRAßER', ['gunther', 'strasser']],
    ['æ → ae, ø → o', 'Ærø Søren', ['aero', 'soren']],
    ['ł → l', 'Łukasz Wałęsa', ['lukasz', 'walesa']],
    ['đ → d', 'Đorđe Petrović', ['dorde', 'petrovic']],
    ['apostrophes join', "Sean O'Brien", ['sean', 'obrien']],
    ['typographic apostrophes join', 'Sean O’Brien', ['sean', 'obrien']],
    ['hyphens separate', 'Jean-Pierre Dupont-Moretti', ['jean', 'pierre', 'dupont', 'moretti']],
    ['punctuation and spaces', '  J. R.  Smith, Jr ', ['j', 'r', 'smith', 'jr']],
    ['full-width letters', 'Ｊｏｈｎ', ['john']],
    ['Cyrillic', 'Иван Сергеевич Петренков', ['ivan', 'sergeevich', 'petrenkov']],
    ['Greek (ου read as ou)', 'Γιάννης Παπαδόπουλος', ['giannis', 'papadopoulos']],
    ['Arabic (its consonants)', 'صدام حسين', ['sdm', 'hsyn']],
    ['Arabic hamza and ain dropped', 'أسامة عبد', ['smh', 'bd']],
    ['Korean, one word a syllable', '김정은', ['gim', 'jeong', 'eun']],
    ['nothing but punctuation', ' - . ', []],
  ])('%s: « %s »', (_what, name, expected) => {
    expect(words(name)).toEqual(expected);
  });

  it('marks the words of a script that writes few vowels', () => {
    expect(nameWords('Saddam صدام').map((w) => w.consonantal)).toEqual([false, true]);
    expect(nameWords('Иван').map((w) => w.consonantal)).toEqual([false]);
  });

  it('joins dotted letters in a company name, not in a person’s', () => {
    expect(words('Acme S.A.R.L.', true)).toEqual(['acme', 'sarl']);
    expect(words('Acme S.A.R.L.')).toEqual(['acme', 's', 'a', 'r', 'l']);
  });
});

describe('withoutLegalForms: a company compared on its own words', () => {
  const strip = (name: string): string[] =>
    withoutLegalForms(nameWords(name, { joinDots: true })).map((w) => w.text);

  it.each([
    ['Acme Trading LLC', ['acme', 'trading']],
    ['Acme Trading S.A.', ['acme', 'trading']],
    ['Nordlicht GmbH', ['nordlicht']],
    ['ООО Акме Трейдинг', ['akme', 'treiding']],
    ['Northwind Shipping Limited Liability Company', ['northwind', 'shipping']],
    ['Public Joint Stock Company Eastern Star', ['eastern', 'star']],
    ['Open Society Foundation', ['open', 'society', 'foundation']],
    ['Société Anonyme', ['societe', 'anonyme']],
  ])('« %s » → %j', (name, expected) => {
    expect(strip(name)).toEqual(expected);
  });
});
