import { describe, expect, expectTypeOf, it } from 'vitest';
import fc from 'fast-check';
import type { ParsedEntry } from '../../sanctions-lists/index.ts';
import type { ListedEntity, ScreeningSubject } from './types.ts';
import { buildListIndex, type PreparedList } from './list-index.ts';
import { screenSubject } from './screen-subject.ts';
import { prepareName } from './name-tokens.ts';
import { scoreAlias } from './scoring.ts';

const entity = (
  logicalId: number,
  names: Array<[string, boolean]>,
  subjectType: ListedEntity['subjectType'] = 'person',
  birthYear: number | null = null,
): ListedEntity => ({
  entryId: `entry-${logicalId}`,
  contentSha256: 'b'.repeat(64),
  logicalId,
  euReferenceNumber: null,
  subjectType,
  regulations: [],
  aliases: names.map(([wholeName, strong]) => ({
    wholeName,
    firstName: null,
    middleName: null,
    lastName: null,
    strong,
    language: null,
  })),
  birthDates: birthYear === null ? [] : [{ year: birthYear, month: null, day: null, circa: false }],
  citizenships: [],
  identifications: [],
  addresses: [],
  remark: null,
});

/** Every alias of every entity scored, no index: what the index must find, no more, no less. */
function everyAlias(
  entities: ListedEntity[],
  subject: ScreeningSubject,
  threshold: number,
): Array<[number, number]> {
  const found: Array<[number, number]> = [];
  for (const e of entities) {
    const rules = e.subjectType === 'person' ? 'person' : 'company';
    if (rules === 'company' && subject.kind === 'person') continue;
    const subjectName = prepareName(subject.fullName, rules);
    if (subjectName.tokens.length === 0) continue;
    let best = -1;
    for (const a of e.aliases) {
      const name = prepareName(a.wholeName, rules);
      if (name.tokens.length === 0) continue;
      best = Math.max(best, scoreAlias(subject, subjectName, e, { strong: a.strong, name }).score);
    }
    if (best >= threshold) found.push([e.logicalId, best]);
  }
  return found.sort((a, b) => b[1] - a[1] || a[0] - b[0]);
}

describe('the index', () => {
  it('finds exactly what scoring every alias finds (index and pruning lose no match)', () => {
    const words = [
      'John', 'Jon', 'Jhon', 'SMITH', 'Smyth', 'Smiht', 'Smithe', 'Jean', 'Pierre', 'Jeanpierre', 'J.',
      'al', 'Hassan', 'Alhassan', 'bin', 'Mohamed', 'Mohammed', 'Carlos', 'DOMINGUEZ', 'Jimenez', 'Иван',
      'Ivan', 'Petrenkov', 'Petrenkow', 'صدام', 'حسين', 'Saddam', 'Hussein', 'Acme', 'Trading', 'LLC',
      'Group', 'Tom', 'Tim',
    ]; // prettier-ignore
    const name = fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 4 }).map((w) => w.join(' '));
    const listed = fc.record({
      names: fc.array(fc.tuple(name, fc.boolean()), { minLength: 1, maxLength: 3 }),
      type: fc.constantFrom<ListedEntity['subjectType']>('person', 'person', 'enterprise', 'other'),
      year: fc.option(fc.constantFrom(1960, 1970), { nil: null }),
    });
    const subject = fc.record({
      kind: fc.constantFrom<ScreeningSubject['kind']>('person', 'unknown'),
      fullName: name,
      year: fc.option(fc.constantFrom(1960, 1970, 1980), { nil: null }),
    });
    fc.assert(
      fc.property(
        fc.array(listed, { minLength: 1, maxLength: 12 }),
        fc.array(subject, { minLength: 1, maxLength: 5 }),
        fc.constantFrom(50, 70, 75, 80, 90),
        (list, subjects, threshold) => {
          const entities = list.map((l, i) => entity(i + 1, l.names, l.type, l.year));
          const index = buildListIndex(entities);
          for (const s of subjects) {
            const subj: ScreeningSubject = {
              kind: s.kind,
              fullName: s.fullName,
              birthDate: s.kind === 'person' && s.year !== null ? { year: s.year, month: 6, day: 15 } : null,
            };
            const viaIndex = screenSubject(index, subj, threshold).matches.map((m) => [m.logicalId, m.score]);
            expect(viaIndex).toEqual(everyAlias(entities, subj, threshold));
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('meets only the aliases sharing a word with the subject, never the whole list', () => {
    const others = Array.from({ length: 2_000 }, (_, i) =>
      entity(10_000 + i, [[`Person${i} FAMILY${i}`, true]]),
    );
    const near = [
      entity(1, [['John SMITH', true]]),
      entity(2, [['Jon SMYTHE', true]]),
      entity(3, [['John DOE', true]]),
      entity(4, [['Paul SMITH', true]]),
    ];
    const list = buildListIndex([...others, ...near]) as PreparedList;
    const met = (threshold: number): number[] =>
      list.persons
        .candidates(prepareName('John Smith', 'person', list.makeToken), threshold)
        .map((id) => list.entities[list.persons.aliases[id]?.entity ?? -1]?.logicalId ?? -1)
        .sort((a, b) => a - b);
    // At 80, an alias met by one word only (« John DOE », « Paul SMITH ») cannot reach the threshold.
    expect(met(80)).toEqual([1, 2]);
    // Below the single-word cap, it can: it is scored too.
    expect(met(60)).toEqual([1, 2, 3, 4]);
  });

  it('reads each alias once, whatever the number of subjects', () => {
    const list = buildListIndex([
      entity(1, [
        ['John SMITH', true],
        ['John SMITH', true],
        ['', true],
      ]),
    ]) as PreparedList;
    expect(list.entityCount).toBe(1);
    expect(list.persons.aliases).toHaveLength(1);
  });
});

describe('the listed entity', () => {
  it('has the shape of the parsed list entry, plus its row and content hash', () => {
    expectTypeOf<ParsedEntry>().toEqualTypeOf<Omit<ListedEntity, 'entryId' | 'contentSha256'>>();
  });
});
