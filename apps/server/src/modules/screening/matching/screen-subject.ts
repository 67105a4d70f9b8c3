import type { EntityMatch, ListedEntity, ListIndex, ScreeningSubject, SubjectScreening } from './types.ts';
import { prepareName } from './name-tokens.ts';
import type { PreparedName } from './name-parts.ts';
import { PreparedList, type AliasIndex, type PreparedAlias } from './list-index.ts';
import { scoreAlias, type AliasScore } from './scoring.ts';
import { explainMatch } from './explanation.ts';
import { subjectDateText } from './birth-date.ts';

interface Best {
  alias: PreparedAlias;
  subjectName: PreparedName;
  result: AliasScore;
}

/** Better: a higher score, then a strong alias over a weak one. */
const better = (a: Best, b: Best | undefined): boolean =>
  b === undefined ||
  a.result.score > b.result.score ||
  (a.result.score === b.result.score && a.alias.strong && !b.alias.strong);

function subjectName(subject: ScreeningSubject): string {
  const whole = subject.fullName.trim();
  if (whole !== '') return whole;
  return [subject.firstName, subject.lastName].filter((n): n is string => !!n && n.trim() !== '').join(' ');
}

/**
 * Screens one subject against a prepared list version: every listed entity whose best alias
 * scores at or above `threshold` (scoring.ts), best first, each with its explanation, and the
 * best score seen. A customer (a person) is compared with listed persons; a beneficiary, who may
 * be a person or a company, with every listed entity. Only the aliases the index finds sharing
 * a word with the subject are scored; `topScore` is the best of those (0 when none came near).
 */
export function screenSubject(
  index: ListIndex,
  subject: ScreeningSubject,
  threshold: number,
): SubjectScreening {
  if (!(index instanceof PreparedList))
    throw new TypeError('screenSubject needs an index made by buildListIndex');
  const name = subjectName(subject);
  const best = new Map<number, Best>();
  const consider = (aliases: AliasIndex, prepared: PreparedName): void => {
    if (prepared.tokens.length === 0) return;
    for (const id of aliases.candidates(prepared, threshold)) {
      const alias = aliases.aliases[id] as PreparedAlias;
      const entity = index.entities[alias.entity] as ListedEntity;
      const candidate: Best = {
        alias,
        subjectName: prepared,
        result: scoreAlias(subject, prepared, entity, alias),
      };
      if (better(candidate, best.get(alias.entity))) best.set(alias.entity, candidate);
    }
  };
  consider(index.persons, prepareName(name, 'person', index.makeToken));
  if (subject.kind === 'unknown') consider(index.companies, prepareName(name, 'company', index.makeToken));

  let topScore = 0;
  const matches: EntityMatch[] = [];
  const birthDate = subject.birthDate ? subjectDateText(subject.birthDate) : null;
  for (const [position, found] of best) {
    topScore = Math.max(topScore, found.result.score);
    if (found.result.score < threshold) continue;
    const entity = index.entities[position] as ListedEntity;
    matches.push({
      entryId: entity.entryId,
      logicalId: entity.logicalId,
      contentSha256: entity.contentSha256,
      score: found.result.score,
      explanation: explainMatch(found.alias, found.alias.name, found.subjectName, birthDate, found.result),
    });
  }
  matches.sort((a, b) => b.score - a.score || a.logicalId - b.logicalId);
  return { topScore, matches };
}
