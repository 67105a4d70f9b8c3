import type { ListedEntity, ScreeningSubject } from '../modules/screening/index.ts';

/**
 * A generated sanctions list and generated customers for the screening benchmarks: invented names
 * made of syllables (none is a real listed person), the same seed giving the same data. Listed
 * persons and customers draw their first names from one pool of a few hundred, so a customer meets
 * many aliases by first name, as in life; surnames come from a wider pool the two partly share.
 */

/** A small seeded generator (mulberry32): the same seed, the same sequence. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SYLLABLES = (
  'ka lo mi ren tor san vel dar ni os bel ju qui za ther mon ra li do vin sel ca mar ti no ber ' +
  'an el is ur gal fen hol jor kes lun mor nas pet rik sov tam ul vor yan zel bra cri dro fla gru'
).split(' ');
const COUNTRIES = ['FR', 'DE', 'ES', 'IT', 'GB', 'RU', 'SY', 'IR', 'BY', 'KP', 'LY', 'IQ', 'BE', 'LU'];
const LEGAL_FORMS = ['LLC', 'Ltd', 'SA', 'SARL', 'GmbH', 'OOO', 'JSC', ''];
const SHARED_WORDS = ['Trading', 'Group', 'Holding', 'International', 'Industries', 'Services'];
const CYRILLIC: Record<string, string> = {
  a: 'а', b: 'б', c: 'к', d: 'д', e: 'е', f: 'ф', g: 'г', h: 'х', i: 'и', j: 'ж', k: 'к', l: 'л',
  m: 'м', n: 'н', o: 'о', p: 'п', q: 'к', r: 'р', s: 'с', t: 'т', u: 'у', v: 'в', w: 'в', x: 'кс',
  y: 'ы', z: 'з',
}; // prettier-ignore

const capital = (w: string): string => w.charAt(0).toUpperCase() + w.slice(1);
const cyrillic = (w: string): string => [...w.toLowerCase()].map((c) => CYRILLIC[c] ?? c).join('');

export interface Pools {
  firstNames: string[];
  surnames: string[];
}

/** `firstCount` first names and `surnameCount` surnames, each distinct. */
export function namePools(random: () => number, firstCount: number, surnameCount: number): Pools {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const make = (count: number, minSyllables: number, taken: Set<string>): string[] => {
    const out: string[] = [];
    while (out.length < count) {
      const n = minSyllables + Math.floor(random() * 2);
      const word = capital(Array.from({ length: n }, () => pick(SYLLABLES)).join(''));
      if (taken.has(word)) continue;
      taken.add(word);
      out.push(word);
    }
    return out;
  };
  const taken = new Set<string>();
  return { firstNames: make(firstCount, 2, taken), surnames: make(surnameCount, 3, taken) };
}

/** A generated list of `count` entities: about 85 % persons (aliases, dates, citizenships), 15 % companies. */
export function generatedList(count: number, pools: Pools, random: () => number): ListedEntity[] {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const alias = (wholeName: string, strong = true, language: string | null = null) => ({
    wholeName,
    firstName: null,
    middleName: null,
    lastName: null,
    strong,
    language,
  });
  return Array.from({ length: count }, (_, i): ListedEntity => {
    const base = {
      entryId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      contentSha256: '0'.repeat(64),
      logicalId: 1_000_000 + i,
      euReferenceNumber: null,
      regulations: [],
      identifications: [],
      addresses: [],
      remark: null,
    };
    if (random() < 0.15) {
      const name = `${pick(pools.surnames)} ${pick(SHARED_WORDS)} ${pick(LEGAL_FORMS)}`.trim();
      return { ...base, subjectType: 'enterprise', aliases: [alias(name)], birthDates: [], citizenships: [] };
    }
    const first = pick(pools.firstNames);
    const last = pick(pools.surnames).toUpperCase();
    const aliases = [alias(`${first} ${last}`)];
    if (random() < 0.5) aliases.push(alias(`${first} ${pick(pools.firstNames)} ${last}`));
    if (random() < 0.3) aliases.push(alias(`${pick(pools.firstNames)} ${last}`, false));
    if (random() < 0.1) aliases.push(alias(`${cyrillic(first)} ${cyrillic(last)}`, true, 'RU'));
    const year = 1940 + Math.floor(random() * 60);
    const r = random();
    const birthDates =
      r < 0.7
        ? [{ year, month: 1 + Math.floor(random() * 12), day: 1 + Math.floor(random() * 28), circa: false }]
        : r < 0.9
          ? [{ year, month: null, day: null, circa: random() < 0.3 }]
          : [];
    return { ...base, subjectType: 'person', aliases, birthDates, citizenships: [pick(COUNTRIES)] };
  });
}

/** Turns a word into a near one: a letter replaced, left out or two swapped. */
function misspell(word: string, random: () => number): string {
  if (word.length < 5) return word;
  const i = 1 + Math.floor(random() * (word.length - 2));
  const r = random();
  if (r < 0.33) return word.slice(0, i) + 'e' + word.slice(i + 1);
  if (r < 0.66) return word.slice(0, i) + word.slice(i + 1);
  return word.slice(0, i) + (word[i + 1] ?? '') + (word[i] ?? '') + word.slice(i + 2);
}

/**
 * `count` customers (persons with a birth date and a country). One in `listedEvery` is a listed
 * person's name, as written, misspelt or in the other order, with the listed birth year: the
 * matches the screening must find (`expected`, by position).
 */
export function generatedCustomers(
  count: number,
  pools: Pools,
  list: readonly ListedEntity[],
  random: () => number,
  listedEvery = 200,
): { subjects: ScreeningSubject[]; expected: Map<number, number> } {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const persons = list.filter((e) => e.subjectType === 'person' && e.aliases.length > 0);
  const expected = new Map<number, number>();
  const subjects = Array.from({ length: count }, (_, i): ScreeningSubject => {
    const birthDate = {
      year: 1940 + Math.floor(random() * 65),
      month: 1 + Math.floor(random() * 12),
      day: 1 + Math.floor(random() * 28),
    };
    if (i % listedEvery === listedEvery - 1) {
      const entity = pick(persons);
      const [first = '', ...rest] = (entity.aliases[0]?.wholeName ?? '').split(' ');
      const last = rest.join(' ');
      const r = random();
      const fullName =
        r < 0.3 ? `${first} ${last}` : r < 0.6 ? `${last} ${first}` : `${first} ${misspell(last, random)}`;
      expected.set(i, entity.logicalId);
      const listed = entity.birthDates[0];
      return {
        kind: 'person',
        fullName,
        // The listed birth date as far as the list gives it: the customer is that person.
        birthDate: listed
          ? { year: listed.year, month: listed.month ?? birthDate.month, day: listed.day ?? birthDate.day }
          : birthDate,
        countries: [pick(COUNTRIES)],
      };
    }
    const first = pick(pools.firstNames);
    const last = pick(pools.surnames);
    return { kind: 'person', fullName: `${first} ${last}`, birthDate, countries: [pick(COUNTRIES)] };
  });
  return { subjects, expected };
}
