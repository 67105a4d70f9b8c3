import anyAscii from 'any-ascii';

/**
 * Names in comparable form: lower-case ASCII words. Accents and other marks go (NFKD, then the
 * marks dropped), every other script is transliterated by any-ascii (ß → ss, æ → ae, ø → o,
 * ł → l, đ → d, Cyrillic, Greek, Arabic, Hebrew…), apostrophes join (O'Brien → obrien) and any
 * other punctuation, hyphens included, separates words.
 */

/** Printable ASCII only: nothing to fold but the case. */
const ASCII = /^[ -~]*$/;
/** Syllabic scripts any-ascii writes as run-together capitalised syllables: one word per sign. */
const EAST_ASIAN = /[\p{Script=Han}\p{Script=Hangul}\p{Script=Hiragana}\p{Script=Katakana}]/gu;
/** Scripts that write few vowels: their transliteration is compared by its consonants too. */
const CONSONANTAL = /[\p{Script=Arabic}\p{Script=Hebrew}]/u;
const MARKS = /\p{M}/gu;
/** Greek ου is one vowel, « ou » (any-ascii writes each letter: « oy »). */
const GREEK_OU = /[οΟ][υΥ]/g;
const APOSTROPHES = /['`]/g;
const SEPARATORS = /[^a-z0-9]+/;

/** Text folded to lower-case ASCII (letters, digits and the punctuation any-ascii leaves). */
export function foldToAscii(text: string): string {
  if (ASCII.test(text)) return text.toLowerCase();
  const signs = text.replace(EAST_ASIAN, (sign) => ` ${anyAscii(sign)} `);
  const bare = signs.normalize('NFKD').replace(MARKS, '');
  return anyAscii(bare.replace(GREEK_OU, 'ou')).toLowerCase();
}

/** A word of a name, and whether it was written in a script of few vowels (Arabic, Hebrew). */
export interface NameWord {
  text: string;
  consonantal: boolean;
}

/**
 * The words of a name. For a company (`joinDots`), dots join letters instead of separating them,
 * so that « S.A. » or « O.O.O. » read as the legal forms « sa » and « ooo ».
 */
export function nameWords(name: string, options: { joinDots?: boolean } = {}): NameWord[] {
  const words: NameWord[] = [];
  for (const chunk of name.split(/\s+/)) {
    if (chunk === '') continue;
    const consonantal = !ASCII.test(chunk) && CONSONANTAL.test(chunk);
    let folded = foldToAscii(chunk).replace(APOSTROPHES, '');
    if (options.joinDots) folded = folded.replace(/\./g, '');
    for (const text of folded.split(SEPARATORS)) if (text !== '') words.push({ text, consonantal });
  }
  return words;
}
