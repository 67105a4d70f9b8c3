import { afterAll, describe, expect, it } from 'vitest';
import { buildListIndex, screenSubject } from './matching/index.ts';
import type { ListedEntity, ScreeningSubject } from './matching/types.ts';
import { MatcherThread } from './matcher-thread.ts';
import { listedPerson } from './__tests__/screening-fixtures.ts';

// The screening's matcher thread: the same answers as the matcher on the calling thread, the index
// of a version built once, again only for another version or after the thread stopped.

const entities = (entries: ReturnType<typeof listedPerson>[]): ListedEntity[] =>
  entries.map((e, i) => ({
    ...e,
    entryId: `00000000-0000-4000-8000-00000000000${i}`,
    contentSha256: 'a'.repeat(64),
  }));

const V1 = entities([
  listedPerson(1, 'Viktor', 'KRASNOV', { year: 1961, month: 5, day: 2 }),
  listedPerson(2, 'Oksana', 'BELYAEVA', { year: 1975 }),
]);
const V2 = entities([listedPerson(3, 'Ingrid', 'HALVORSEN', { year: 1968 })]);

const SUBJECTS: ScreeningSubject[] = [
  {
    kind: 'person',
    fullName: 'Viktor Krasnov',
    firstName: 'Viktor',
    lastName: 'Krasnov',
    birthDate: { year: 1961, month: 5, day: 2 },
  },
  { kind: 'person', fullName: 'Belyaeva Oksana', birthDate: { year: 1975, month: 1, day: 1 } },
  { kind: 'unknown', fullName: 'Camille Martin' },
  { kind: 'person', fullName: 'Ingrid Halvorsen', birthDate: { year: 1968, month: 2, day: 9 } },
];

describe('the matcher thread', () => {
  const thread = new MatcherThread();
  afterAll(() => thread.close());

  it('answers as the matcher does on the calling thread, subject by subject', async () => {
    await thread.useVersion('v1', () => Promise.resolve(V1));
    const inline = buildListIndex(V1);
    expect(await thread.screen('v1', SUBJECTS, 80)).toEqual(
      SUBJECTS.map((s) => screenSubject(inline, s, 80)),
    );
  });

  it('builds a version’s index once, another version’s when it comes, and again after the thread stopped', async () => {
    let loads = 0;
    const load = (list: ListedEntity[]) => () => {
      loads++;
      return Promise.resolve(list);
    };
    await thread.useVersion('v1', load(V1));
    await thread.useVersion('v1', load(V1));
    expect(loads).toBe(0);
    await Promise.all([thread.useVersion('v2', load(V2)), thread.useVersion('v2', load(V2))]);
    expect(loads).toBe(1);
    const [, , , ingrid] = await thread.screen('v2', SUBJECTS, 80);
    expect(ingrid?.matches.map((m) => m.logicalId)).toEqual([3]);
    // Asked about a version it does not hold, it refuses rather than answer from another list.
    await expect(thread.screen('v1', SUBJECTS, 80)).rejects.toThrow(/no index of list version v1/);
    await thread.close();
    await thread.useVersion('v2', load(V2));
    expect(loads).toBe(2);
    expect((await thread.screen('v2', SUBJECTS, 80))[3]?.matches).toHaveLength(1);
  });
});
