import type { ScreeningListedEntry } from '@comptoir/contracts';

/**
 * What the matcher compares: pure data in, scores and explanations out (no I/O). Built once per
 * list version with `buildListIndex`, then asked about any number of subjects with `screenSubject`.
 */

/**
 * A list entity in force, with the id of its `sanctions_entries` row (which pins its content). Its
 * shape is modules/sanctions-lists' `ParsedEntry`, as the contracts declare it for the back office
 * (`list-index.test.ts` holds the two equal): the matcher imports no other module, which keeps
 * every chain of imports through it short.
 */
export interface ListedEntity extends ScreeningListedEntry {
  entryId: string;
  contentSha256: string;
}

/** A customer (a person: first and last names, birth date) or a beneficiary (a name as typed). */
export interface ScreeningSubject {
  kind: 'person' | 'unknown';
  /** The full name as the bank holds it (for a beneficiary: its name; for a customer: first + last). */
  fullName: string;
  firstName?: string | null;
  lastName?: string | null;
  birthDate?: { year: number; month: number; day: number } | null;
  /** Countries known of the subject (ISO alpha-2): nationality when known, else residence and tax country. */
  countries?: string[];
}

export interface MatchedToken {
  /** The subject's token (normalised) and the alias token it met. */
  subject: string;
  listed: string;
  how: 'exact' | 'transliteration' | 'typo' | 'transposition' | 'initial';
}

export interface MatchExplanation {
  /** The alias that scored best, as listed, and whether it is strong. */
  alias: string;
  strong: boolean;
  language: string | null;
  tokens: MatchedToken[];
  /** Alias tokens left unmatched, and subject tokens left unmatched. */
  unmatchedListed: string[];
  unmatchedSubject: string[];
  nameScore: number;
  birthDate: { listed: string; subject: string; effect: 'agrees' | 'year_agrees' | 'contradicts' } | null;
  country: { listed: string[]; subject: string[]; effect: 'agrees' | 'contradicts' } | null;
  /** The final score's parts, in words a compliance officer reads (French). */
  summary: string;
}

export interface EntityMatch {
  entryId: string;
  logicalId: number;
  contentSha256: string;
  score: number;
  explanation: MatchExplanation;
}

export interface SubjectScreening {
  /** The best score against any entity (0 when none came near). */
  topScore: number;
  /** Every entity scoring at or above the threshold, best first. */
  matches: EntityMatch[];
}

/**
 * The list prepared for matching (normalised aliases and the typo index), built once per version.
 * Opaque to its users: `matching/index.ts` exports `buildListIndex(entities: ListedEntity[]): ListIndex`
 * and `screenSubject(index: ListIndex, subject: ScreeningSubject, threshold: number): SubjectScreening`.
 */
export interface ListIndex {
  readonly entityCount: number;
}
