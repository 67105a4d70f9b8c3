import type { MatchedToken } from './types.ts';
import type { NameToken } from './name-parts.ts';
import { oneEdit } from './one-edit.ts';

/** How two words meet, and the credit (0–1) the meeting gives toward the name's score. */
export interface TokenPairing {
  how: MatchedToken['how'];
  credit: number;
}

/** The credit of each way two words meet (scoring.ts explains the whole score). */
export const TOKEN_CREDIT = {
  exact: 1,
  /** Same variant key (« Smyth » / « Smith », « Joukov » / « Zhukov »). */
  transliteration: 0.95,
  /** Same consonants as a word of Arabic or Hebrew script, three or more of them. */
  consonants: 0.85,
  /** Same two consonants only (« Osama » / أسامة, « smh »): a weaker sign. */
  fewConsonants: 0.7,
  transposition: 0.9,
  typo: 0.85,
  /** A lone letter standing for a word (« J. » for « John »). */
  initial: 0.7,
} as const;

/** A typo is tolerated when the longer word has this many letters… */
export const TYPO_MIN_LONGER = 4;
/** …and the shorter one this many (« Jon » / « John », not « Tom » / « Tim »). */
export const TYPO_MIN_SHORTER = 3;

const EXACT: TokenPairing = { how: 'exact', credit: TOKEN_CREDIT.exact };
const TRANSLITERATION: TokenPairing = { how: 'transliteration', credit: TOKEN_CREDIT.transliteration };
const CONSONANTS: TokenPairing = { how: 'transliteration', credit: TOKEN_CREDIT.consonants };
const FEW_CONSONANTS: TokenPairing = { how: 'transliteration', credit: TOKEN_CREDIT.fewConsonants };
const TYPO: TokenPairing = { how: 'typo', credit: TOKEN_CREDIT.typo };
const TRANSPOSITION: TokenPairing = { how: 'transposition', credit: TOKEN_CREDIT.transposition };
const INITIAL: TokenPairing = { how: 'initial', credit: TOKEN_CREDIT.initial };

const typoLengths = (a: string, b: string): boolean =>
  Math.max(a.length, b.length) >= TYPO_MIN_LONGER && Math.min(a.length, b.length) >= TYPO_MIN_SHORTER;

function typo(a: string, b: string): TokenPairing | null {
  if (!typoLengths(a, b)) return null;
  const edit = oneEdit(a, b);
  if (edit === 'typo') return TYPO;
  return edit === 'transposition' ? TRANSPOSITION : null;
}

function consonants(subject: NameToken, listed: NameToken): TokenPairing | null {
  const mine = [subject.skeleton, subject.bareSkeleton];
  for (const theirs of [listed.skeleton, listed.bareSkeleton]) {
    if (theirs === null || theirs.length < 2 || !mine.includes(theirs)) continue;
    return theirs.length >= 3 ? CONSONANTS : FEW_CONSONANTS;
  }
  return null;
}

/**
 * How a word of the subject's name meets a word of a listed name, best way first: the same word;
 * an initial; the same variant key; one edit apart, as written or as keys (unless `typos` is
 * false: two words written as one are compared without typos); for a word of Arabic or Hebrew
 * script (either side), the same consonants. Null when they do not meet.
 */
export function pairTokens(subject: NameToken, listed: NameToken, typos = true): TokenPairing | null {
  const s = subject.text;
  const l = listed.text;
  if (s.length === 1 || l.length === 1) return s[0] === l[0] ? INITIAL : null;
  if (s === l) return EXACT;
  if (subject.key === listed.key) return TRANSLITERATION;
  const found = typos ? (typo(s, l) ?? typo(subject.key, listed.key)) : null;
  if (found) return found;
  return subject.consonantal || listed.consonantal ? consonants(subject, listed) : null;
}
