/**
 * The score (0–100) of a subject against one alias of a listed entity, and its parts.
 *
 *   name     100 × the mean of two shares: how much of the listed name is found in the subject's,
 *            and how much of the subject's name is found in the listed one. Each word is paired
 *            once (`compareNames` below), worth its credit × its weight:
 *              credit  exact 1 · transliteration (same variant key) 0.95 · transposition 0.9 ·
 *                      typo 0.85 · same consonants as an Arabic or Hebrew word 0.85 (only two
 *                      consonants: 0.7) · initial 0.7 (token-pairing.ts)
 *              weight  a word 1 · a particle (bin, al, van, de…) 0.25 · in a company's name a
 *                      joining word (of, and…) 0.25, a word many share (trading, group…) 0.5;
 *                      legal forms (LLC, SA, SARL, GmbH, OOO, Ltd…) left out (word-classes.ts)
 *   alias    × 1 for a strong alias, × 0.85 for a weak one
 *   birth    persons only: the full date agrees +10; the year agrees +5 (a year-only or a
 *            year-and-month listed date, a circa year ±1, day and month swapped); contradicts −25
 *   country  persons only: a country known of the subject is among the listed citizenships +3;
 *            none is −5
 *   floor    no full word in common (only initials or particles): 0, whatever else agrees
 *   cap      a person's match resting on one word (no second word nor initial in common) stays at
 *            or below 70, under the default threshold of 80: a common first name alone is no
 *            match. A strong one-word alias met by a one-word name is not capped.
 *   result   rounded to an integer, within 0–100.
 *
 * So « Jon Smyth » born in 1970 against « John SMITH » born in 1970: jon≈john is a typo (0.85),
 * smyth≈smith a transliteration (0.95), name 90, year +5: 95. The same names with a birth date
 * that contradicts: at most 100 − 25 = 75.
 */
import type { ListedEntity, ScreeningSubject } from './types.ts';
import type { NamePart, PreparedName } from './name-parts.ts';
import { pairTokens, type TokenPairing } from './token-pairing.ts';
import { compareBirthDates, type BirthDateComparison } from './birth-date.ts';
import { compareCountries, type CountryComparison } from './citizenship.ts';

/** A part of the subject's name met with a part of the listed name. */
export interface PartPair {
  subject: NamePart;
  listed: NamePart;
  pairing: TokenPairing;
}

export interface NameComparison {
  pairs: PartPair[];
  /** Share (0–1) of the listed name's weight found in the subject's, and the other way round. */
  listedCoverage: number;
  subjectCoverage: number;
  /** The mean of both shares, 0–100. */
  score: number;
  /** Pairs of full words (not initials, not particles) and pairs through an initial. */
  fullPairs: number;
  initialPairs: number;
  unmatchedListed: string[];
  unmatchedSubject: string[];
}

interface Candidate extends PartPair {
  gain: number;
}

const covers = (part: NamePart, used: boolean[]): boolean =>
  used[part.first] === true || (part.count === 2 && used[part.first + 1] === true);

const mark = (part: NamePart, used: boolean[]): void => {
  used[part.first] = true;
  if (part.count === 2) used[part.first + 1] = true;
};

/**
 * Pairs the two names' parts one to one, in any order (« Smith John » is « John SMITH »): every
 * way two parts meet is a candidate worth its credit times the weight of the words it joins on
 * both sides; the best candidates are taken first while both their words are free. A pair of
 * neighbouring words may meet one word of the other name (« Jean-Pierre » / « Jeanpierre »),
 * exactly, as a transliteration or by consonants (not with a typo), never another pair.
 */
export function compareNames(subject: PreparedName, listed: PreparedName): NameComparison {
  const candidates: Candidate[] = [];
  for (const s of subject.parts) {
    for (const l of listed.parts) {
      if (s.count === 2 && l.count === 2) continue;
      const pairing = pairTokens(s.token, l.token, s.count === 1 && l.count === 1);
      if (pairing === null) continue;
      // An initial stands for one full word, never for a pair of words or a particle.
      if (pairing.how === 'initial' && (s.count === 2 || l.count === 2 || !s.significant || !l.significant))
        continue;
      candidates.push({ subject: s, listed: l, pairing, gain: pairing.credit * (s.weight + l.weight) });
    }
  }
  candidates.sort((a, b) => b.gain - a.gain || b.pairing.credit - a.pairing.credit);

  const usedSubject: boolean[] = [];
  const usedListed: boolean[] = [];
  const pairs: PartPair[] = [];
  let subjectCredit = 0;
  let listedCredit = 0;
  let fullPairs = 0;
  let initialPairs = 0;
  for (const c of candidates) {
    if (covers(c.subject, usedSubject) || covers(c.listed, usedListed)) continue;
    mark(c.subject, usedSubject);
    mark(c.listed, usedListed);
    pairs.push({ subject: c.subject, listed: c.listed, pairing: c.pairing });
    subjectCredit += c.pairing.credit * c.subject.weight;
    listedCredit += c.pairing.credit * c.listed.weight;
    if (c.pairing.how === 'initial') initialPairs += 1;
    else if (c.subject.significant && c.listed.significant) fullPairs += 1;
  }

  const listedCoverage = listed.totalWeight > 0 ? listedCredit / listed.totalWeight : 0;
  const subjectCoverage = subject.totalWeight > 0 ? subjectCredit / subject.totalWeight : 0;
  return {
    pairs,
    listedCoverage,
    subjectCoverage,
    score: (100 * (listedCoverage + subjectCoverage)) / 2,
    fullPairs,
    initialPairs,
    unmatchedListed: listed.tokens.filter((_, i) => usedListed[i] !== true).map((t) => t.text),
    unmatchedSubject: subject.tokens.filter((_, i) => usedSubject[i] !== true).map((t) => t.text),
  };
}

export const WEAK_ALIAS_FACTOR = 0.85;
export const SINGLE_WORD_CAP = 70;

/** A listed alias prepared for scoring. */
export interface ScoredAlias {
  strong: boolean;
  name: PreparedName;
}

export interface AliasScore {
  score: number;
  comparison: NameComparison;
  birthDate: BirthDateComparison | null;
  country: CountryComparison | null;
  /** The single-word cap lowered the score. */
  capped: boolean;
}

/** A one-word name met by a strong one-word alias: the whole name on both sides. */
export const isWholeOneWordName = (subject: PreparedName, alias: ScoredAlias): boolean =>
  alias.strong && subject.significantCount === 1 && alias.name.significantCount === 1;

/** Whether the single-word cap holds for a person's match with these pairs. */
export function singleWordCapHolds(
  fullPairs: number,
  initialPairs: number,
  subject: PreparedName,
  alias: ScoredAlias,
): boolean {
  if (alias.name.rules !== 'person') return false;
  if (fullPairs >= 2 || (fullPairs === 1 && initialPairs > 0)) return false;
  return !(fullPairs === 1 && isWholeOneWordName(subject, alias));
}

/** The subject against one alias of `entity` (see the module comment). */
export function scoreAlias(
  subject: ScreeningSubject,
  subjectName: PreparedName,
  entity: ListedEntity,
  alias: ScoredAlias,
): AliasScore {
  const comparison = compareNames(subjectName, alias.name);
  // Initials and particles alone never make a match: without a full word in common, nothing.
  if (comparison.fullPairs === 0)
    return { score: 0, comparison, birthDate: null, country: null, capped: false };
  const person = alias.name.rules === 'person' && entity.subjectType === 'person';
  const birthDate = person ? compareBirthDates(entity.birthDates, subject.birthDate) : null;
  const country = person ? compareCountries(entity.citizenships, subject.countries) : null;
  let total =
    comparison.score * (alias.strong ? 1 : WEAK_ALIAS_FACTOR) +
    (birthDate?.points ?? 0) +
    (country?.points ?? 0);
  const capped =
    singleWordCapHolds(comparison.fullPairs, comparison.initialPairs, subjectName, alias) &&
    total > SINGLE_WORD_CAP;
  if (capped) total = SINGLE_WORD_CAP;
  return { score: Math.max(0, Math.min(100, Math.round(total))), comparison, birthDate, country, capped };
}
