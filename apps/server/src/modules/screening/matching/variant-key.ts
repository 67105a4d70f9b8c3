/**
 * Spelling variants of one name in Latin script: the same person is « Zhukov » in English,
 * « Joukov » in French, « Mueller » and « Müller », « Aleksandr » and « Alexandr », « Yuri » and
 * « Iouri ». A word's variant key folds the usual alternatives to one spelling; two words with the
 * same key but different letters match as a transliteration.
 *
 * The rules (on a normalised word): dzh, dj, zh → j; tch → ch; sch, sz → sh; cz → ch; kh → h;
 * ph → f; th → t; dh → d; gh → g; gu before e or i → g (French « Gueorgui » for « Georgi »);
 * ck, q → k; ks → x; ou, oo, ue → u; oe → o; ae → a; w → v; y → i; then doubled letters are
 * written once and a final h after a vowel goes (« Abdullah » = « Abdulla »).
 */

const VARIANTS = /dzh|dj|zh|tch|sch|sz|cz|kh|ph|th|dh|gh|gu(?=[ei])|ck|ks|ou|oo|ue|oe|ae|q|w|y/g;
const REPLACEMENT: Record<string, string> = {
  dzh: 'j',
  dj: 'j',
  zh: 'j',
  tch: 'ch',
  sch: 'sh',
  sz: 'sh',
  cz: 'ch',
  kh: 'h',
  ph: 'f',
  th: 't',
  dh: 'd',
  gh: 'g',
  gu: 'g',
  ck: 'k',
  ks: 'x',
  ou: 'u',
  oo: 'u',
  ue: 'u',
  oe: 'o',
  ae: 'a',
  q: 'k',
  w: 'v',
  y: 'i',
};
const DOUBLED = /(.)\1+/g;
const FINAL_H_AFTER_VOWEL = /([aeiou])h$/;

/** The word's variant key (see the module comment). */
export function variantKey(word: string): string {
  return word
    .replace(VARIANTS, (v) => REPLACEMENT[v] ?? v)
    .replace(DOUBLED, '$1')
    .replace(FINAL_H_AFTER_VOWEL, '$1');
}

const LONG_W = /w/g;
const VOWELS = /[aeiou]/g;
const FINAL_H = /h$/;

/**
 * The consonants of a word, for comparing with a transliteration from a script that writes few
 * vowels: any-ascii gives « mhmd » for محمد, « hsyn » for حسين, « smh » for أسامة. Both sides are
 * reduced alike: the variant key without its vowels (w and y, long vowels there, included), without
 * a final h (ة: « Osama » / « smh »), doubled letters once. « Mohammed » and « mhmd » both give
 * « mhmd », « Hussein » and « hsyn » both « hsn », « Youssef » and « ywsf » both « sf ».
 */
export function consonantSkeleton(word: string): string {
  return variantKey(word.replace(LONG_W, '')).replace(VOWELS, '').replace(FINAL_H, '').replace(DOUBLED, '$1');
}
