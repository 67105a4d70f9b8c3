import type { MatchExplanation } from './types.ts';

export type CountryEffect = NonNullable<MatchExplanation['country']>['effect'];

/** What the countries add to the score (scoring.ts): a little when they agree, less when not. */
export const COUNTRY_POINTS: Record<CountryEffect, number> = { agrees: 3, contradicts: -5 };

export interface CountryComparison {
  listed: string[];
  subject: string[];
  effect: CountryEffect;
  points: number;
}

/**
 * The subject's known countries (ISO alpha-2) against the listed citizenships: one in common
 * agrees, none contradicts. Null when either side has none.
 */
export function compareCountries(
  citizenships: readonly string[],
  subjectCountries: readonly string[] | undefined,
): CountryComparison | null {
  const listed = [...new Set(citizenships.map((c) => c.toUpperCase()))];
  const subject = [...new Set((subjectCountries ?? []).map((c) => c.toUpperCase()))];
  if (listed.length === 0 || subject.length === 0) return null;
  const effect: CountryEffect = subject.some((c) => listed.includes(c)) ? 'agrees' : 'contradicts';
  return { listed, subject, effect, points: COUNTRY_POINTS[effect] };
}
