import type { ListedEntity, MatchExplanation, ScreeningSubject } from './types.ts';

type ListedBirthDate = ListedEntity['birthDates'][number];
type SubjectBirthDate = NonNullable<ScreeningSubject['birthDate']>;
export type BirthDateEffect = NonNullable<MatchExplanation['birthDate']>['effect'];

/** What a birth date adds to the score (scoring.ts). */
export const BIRTH_DATE_POINTS: Record<BirthDateEffect, number> = {
  agrees: 10,
  year_agrees: 5,
  contradicts: -25,
};

/** A listed year given as circa agrees within this many years. */
export const CIRCA_YEARS = 1;

export interface BirthDateComparison {
  listed: ListedBirthDate;
  effect: BirthDateEffect;
  points: number;
}

const effectOf = (listed: ListedBirthDate, subject: SubjectBirthDate): BirthDateEffect => {
  if (listed.circa)
    return Math.abs(listed.year - subject.year) <= CIRCA_YEARS ? 'year_agrees' : 'contradicts';
  if (listed.year !== subject.year) return 'contradicts';
  if (listed.month === null) return 'year_agrees';
  if (listed.day === null) return listed.month === subject.month ? 'year_agrees' : 'contradicts';
  if (listed.month === subject.month && listed.day === subject.day) return 'agrees';
  // Day and month written the other way round (05/03 for 03/05): the year still agrees.
  if (listed.month === subject.day && listed.day === subject.month) return 'year_agrees';
  return 'contradicts';
};

/**
 * The subject's birth date against the entity's: a full date that agrees, a year (or a year and
 * month) that agrees, or a date that contradicts. With several listed dates, the one that agrees
 * best counts. Null when either side has none.
 */
export function compareBirthDates(
  listed: readonly ListedBirthDate[],
  subject: SubjectBirthDate | null | undefined,
): BirthDateComparison | null {
  if (!subject) return null;
  let best: BirthDateComparison | null = null;
  for (const date of listed) {
    const effect = effectOf(date, subject);
    const points = BIRTH_DATE_POINTS[effect];
    if (best === null || points > best.points) best = { listed: date, effect, points };
  }
  return best;
}

const pad = (n: number): string => String(n).padStart(2, '0');

/** A listed date as the explanation writes it: 1970-03-05, 1970-03, 1970, or « vers 1970 ». */
export function listedDateText(date: ListedBirthDate): string {
  if (date.circa) return `vers ${date.year}`;
  if (date.month === null) return String(date.year);
  if (date.day === null) return `${date.year}-${pad(date.month)}`;
  return `${date.year}-${pad(date.month)}-${pad(date.day)}`;
}

export const subjectDateText = (date: SubjectBirthDate): string =>
  `${date.year}-${pad(date.month)}-${pad(date.day)}`;
