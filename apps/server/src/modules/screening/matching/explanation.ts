import type { MatchExplanation, MatchedToken } from './types.ts';
import type { NamePart, PreparedName } from './name-parts.ts';
import { listedDateText, type BirthDateComparison } from './birth-date.ts';
import type { CountryComparison } from './citizenship.ts';
import { SINGLE_WORD_CAP, WEAK_ALIAS_FACTOR, type AliasScore, type PartPair } from './scoring.ts';

/** The alias as the explanation names it. */
export interface ExplainedAlias {
  /** Its whole name as listed (or its first, middle and last names when the list gives no whole name). */
  display: string;
  strong: boolean;
  language: string | null;
}

const HOW: Record<MatchedToken['how'], string> = {
  exact: '',
  transliteration: 'translittération',
  typo: 'faute de frappe',
  transposition: 'lettres inversées',
  initial: 'initiale',
};

const partText = (name: PreparedName, part: NamePart): string =>
  name.tokens
    .slice(part.first, part.first + part.count)
    .map((t) => t.text)
    .join(' ');

function tokenText(token: MatchedToken): string {
  if (token.how === 'exact')
    return token.subject === token.listed ? token.subject : `${token.subject}≈${token.listed} (mots joints)`;
  return `${token.subject}≈${token.listed} (${HOW[token.how]})`;
}

const signed = (points: number): string => (points < 0 ? `−${-points}` : `+${points}`);

/** 1970-03-05 → 05/03/1970, 1970-03 → 03/1970; a year or « vers 1970 » as it is. */
const frenchDate = (iso: string): string => iso.split('-').reverse().join('/');

function birthDateText(date: BirthDateComparison, subjectText: string): string {
  const listed = frenchDate(listedDateText(date.listed));
  const subject = frenchDate(subjectText);
  const points = signed(date.points);
  if (date.effect === 'contradicts')
    return `date de naissance contradictoire : ${listed} listée, ${subject} connue (${points})`;
  if (date.effect === 'agrees') return `date de naissance ${listed} concordante (${points})`;
  if (date.listed.day !== null && !date.listed.circa) {
    return `date de naissance ${listed} listée, ${subject} connue : année concordante (${points})`;
  }
  return `${date.listed.month === null ? 'année' : 'mois'} de naissance ${listed} concordant${date.listed.month === null ? 'e' : ''} (${points})`;
}

function countryText(country: CountryComparison): string {
  const agrees = country.effect === 'agrees';
  return `nationalité listée ${country.listed.join(', ')}, pays connu${country.subject.length > 1 ? 's' : ''} ${country.subject.join(', ')} : ${agrees ? 'concordant' : 'contradictoire'} (${signed(country.points)})`;
}

const decimal = (n: number): string => String(n).replace('.', ',');

/**
 * The explanation stored with a match: the alias, the words paired and how, those left over, the
 * birth date and countries and what each did to the score, and a one-line French summary, e.g.
 * « Alias fort « John SMITH » : jon≈john (faute de frappe), smyth≈smith (translittération) ;
 * nom 90/100 ; année de naissance 1970 concordante (+5) ; score 95/100 ».
 */
export function explainMatch(
  alias: ExplainedAlias,
  aliasName: PreparedName,
  subjectName: PreparedName,
  subjectBirthDate: string | null,
  result: AliasScore,
): MatchExplanation {
  const { comparison, birthDate, country } = result;
  const ordered = [...comparison.pairs].sort((a: PartPair, b: PartPair) => a.listed.first - b.listed.first);
  const tokens: MatchedToken[] = ordered.map((p) => ({
    subject: partText(subjectName, p.subject),
    listed: partText(aliasName, p.listed),
    how: p.pairing.how,
  }));
  const nameScore = Math.round(comparison.score);

  const parts = [`nom ${nameScore}/100`];
  if (comparison.unmatchedListed.length > 0)
    parts.push(`mots de la liste absents : ${comparison.unmatchedListed.join(' ')}`);
  if (comparison.unmatchedSubject.length > 0)
    parts.push(`mots du nom criblé absents : ${comparison.unmatchedSubject.join(' ')}`);
  if (birthDate && subjectBirthDate) parts.push(birthDateText(birthDate, subjectBirthDate));
  if (country) parts.push(countryText(country));
  if (result.capped) parts.push(`un seul mot du nom en commun : plafonné à ${SINGLE_WORD_CAP}`);
  parts.push(`score ${result.score}/100`);
  const head = `${alias.strong ? 'Alias fort' : 'Alias faible'} « ${alias.display} »${alias.strong ? '' : ` (×${decimal(WEAK_ALIAS_FACTOR)})`}`;
  const words = tokens.length > 0 ? tokens.map(tokenText).join(', ') : 'aucun mot en commun';

  return {
    alias: alias.display,
    strong: alias.strong,
    language: alias.language,
    tokens,
    unmatchedListed: comparison.unmatchedListed,
    unmatchedSubject: comparison.unmatchedSubject,
    nameScore,
    birthDate:
      birthDate && subjectBirthDate
        ? { listed: listedDateText(birthDate.listed), subject: subjectBirthDate, effect: birthDate.effect }
        : null,
    country: country ? { listed: country.listed, subject: country.subject, effect: country.effect } : null,
    summary: `${head} : ${words} ; ${parts.join(' ; ')}`,
  };
}
