import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MAX_SANCTIONS_LIST_BYTES } from '@comptoir/contracts';
import { AppError } from '../../errors.ts';
import { parseSanctionsList } from './parse-list.ts';
import { listXml, syntheticList } from './__tests__/testing.ts';

const base = parseSanctionsList(syntheticList('eu-list'));
const amendment = parseSanctionsList(syntheticList('eu-list-amendment'));
const entity = (logicalId: number, list = base) => {
  const found = list.entries.find((e) => e.entry.logicalId === logicalId);
  if (!found) throw new Error(`no entity ${logicalId}`);
  return found.entry;
};

/** The refusal a file gets: its code, its French detail and the problem it names. */
function refusal(bytes: Buffer): { code: string; detail: string; problem: unknown } {
  try {
    parseSanctionsList(bytes);
  } catch (error) {
    if (error instanceof AppError)
      return { code: error.code, detail: error.detail, problem: error.extra.problem };
    throw error;
  }
  throw new Error('the file was accepted');
}

describe('reading the EU consolidated list', () => {
  it('reads the file’s generation date, its SHA-256 and every entity of the synthetic list', () => {
    expect(base.entries).toHaveLength(30);
    expect(base.generatedAt?.toISOString()).toBe('2025-01-20T09:00:00.000Z');
    expect(base.sha256).toBe(createHash('sha256').update(syntheticList('eu-list')).digest('hex'));
    expect(base.entries.every((e) => /^[0-9a-f]{64}$/.test(e.contentSha256))).toBe(true);
  });

  it('reads a person’s identifier, reference, regulation, names, year-only birth date, citizenship, document and remark', () => {
    expect(entity(900101)).toEqual({
      logicalId: 900101,
      euReferenceNumber: 'EU.9901.01',
      subjectType: 'person',
      regulations: [
        {
          programme: 'TERR',
          numberTitle: '9901/2024 (OJ L 9901)',
          publicationDate: '2024-01-15',
          publicationUrl: 'https://sanctions.example/fictional/9901-2024?lang=fr&format=pdf',
        },
      ],
      aliases: [
        {
          wholeName: 'John SMITH',
          firstName: 'John',
          middleName: null,
          lastName: 'SMITH',
          strong: true,
          language: null,
        },
        // strong="false": a weak alias, kept and marked.
        {
          wholeName: 'Johnny Smith',
          firstName: 'Johnny',
          middleName: null,
          lastName: 'Smith',
          strong: false,
          language: null,
        },
      ],
      birthDates: [{ year: 1970, month: null, day: null, circa: false }],
      citizenships: ['GB'],
      identifications: [{ type: 'passport', number: 'ZZ0000101', country: 'GB' }],
      addresses: [],
      remark: 'Fictional record for tests and the sandbox.',
    });
  });

  it('reads full, year-and-month, circa and year-range birth dates, and addresses', () => {
    expect(entity(900102).birthDates).toEqual([{ year: 1965, month: 7, day: 22, circa: false }]);
    expect(entity(900102).addresses).toEqual([
      { street: 'Calle Imaginaria 12', city: 'Ciudad Ficticia', country: 'ES' },
    ]);
    expect(entity(900103).birthDates).toEqual([{ year: 1961, month: 2, day: null, circa: false }]);
    expect(entity(900104).birthDates).toEqual([{ year: 1975, month: null, day: null, circa: true }]);
    expect(entity(900116).birthDates.map((d) => d.year)).toEqual([1962, 1963, 1964]);
    expect(entity(900128).birthDates).toHaveLength(2);
  });

  it('keeps each script and language as written: accents, Cyrillic, Greek, Arabic', () => {
    expect(entity(900102).aliases.map((a) => [a.wholeName, a.language, a.strong])).toEqual([
      ['Carlos DOMINGUEZ RUIZ', null, true],
      ['Carlos Domínguez Ruiz', 'ES', true],
      ['El Contable', null, false],
    ]);
    expect(entity(900103).aliases[1]).toMatchObject({
      wholeName: 'Иван Сергеевич Петренков',
      language: 'RU',
    });
    expect(entity(900105).aliases[1]).toMatchObject({ wholeName: 'Δημήτριος Καλλέργης', language: 'EL' });
    expect(entity(900106).aliases.map((a) => a.wholeName)).toContain('يوسف حامد البرقاوي');
    expect(entity(900108).aliases[0]?.wholeName).toBe('Björn ØSTERGAARD-LÜDTKE');
  });

  it('reads enterprises with their registration numbers, and no birth date or citizenship', () => {
    expect(entity(900117)).toMatchObject({
      subjectType: 'enterprise',
      birthDates: [],
      citizenships: [],
      identifications: [{ type: 'regnumber', number: 'ZZ-HE-000117', country: 'CY' }],
    });
    expect(entity(900117).aliases.map((a) => a.strong)).toEqual([true, false]);
  });

  it('gives the same content the same hash, and a changed entity another', () => {
    const hashOf = (list: typeof base, id: number) =>
      list.entries.find((e) => e.entry.logicalId === id)?.contentSha256;
    expect(hashOf(amendment, 900101)).toBe(hashOf(base, 900101));
    expect(hashOf(amendment, 900103)).not.toBe(hashOf(base, 900103));
    expect(entity(900131, amendment)).toMatchObject({
      aliases: [{ wholeName: 'Valentin ORLOVSKI', strong: true }, { wholeName: 'Валентин Орловский' }],
      birthDates: [{ year: 1984, month: 3, day: 12, circa: false }],
      citizenships: ['FR'],
    });
    expect(amendment.entries.some((e) => e.entry.logicalId === 900110)).toBe(false);
  });

  it('reads the list’s empty attributes as absent, and the unknown country 00 as none', () => {
    const [parsed] = parseSanctionsList(
      listXml([{ logicalId: 5, names: ['Fictive Personne'], citizenships: ['00'], born: ['1950'] }]),
    ).entries;
    expect(parsed?.entry).toMatchObject({
      citizenships: [],
      remark: null,
      aliases: [{ firstName: null, lastName: null, language: null }],
    });
  });
});

describe('refusing a file whole', () => {
  const file = syntheticList('eu-list');

  it.each([
    ['after its declaration', 60],
    ['inside an attribute', 2_000],
    ['between two entities', file.indexOf('</sanctionEntity>', 20_000) + '</sanctionEntity>'.length],
    ['before the closing root', file.lastIndexOf('</export>')],
    ['one byte short', file.length - 2],
  ])('refuses the list cut %s', (_where, at) => {
    const refused = refusal(file.subarray(0, at));
    expect(refused.code).toBe('sanctions_list_invalid');
    expect(refused.detail).toMatch(
      /^Fichier XML incomplet ou mal formé \(ligne \d+\)\. La liste en vigueur reste inchangée\.$/,
    );
  });

  it('refuses a file cut inside a multi-byte character as not UTF-8', () => {
    const at = file.indexOf(Buffer.from('Иван')) + 1;
    expect(refusal(file.subarray(0, at)).problem).toBe('not_utf8');
  });

  it('refuses another root or another namespace', () => {
    const wrongNamespace = Buffer.from(
      file.toString('utf8').replace('xmlns="http://eu.europa.ec/fpi/fsd/export"', 'xmlns="urn:other"'),
    );
    expect(refusal(wrongNamespace)).toMatchObject({
      problem: 'not_eu_list',
      detail: expect.stringContaining('n’est pas la liste consolidée de l’UE'),
    });
    expect(refusal(Buffer.from('<?xml version="1.0"?><list><entry/></list>')).problem).toBe('not_eu_list');
    // Two roots: the validator lets them through, the reader does not.
    const twoRoots = Buffer.concat([listXml([{ logicalId: 1, names: ['A B'] }]), Buffer.from('<export/>')]);
    expect(refusal(twoRoots).problem).toBe('not_eu_list');
    expect(refusal(Buffer.from('{"not":"xml"}')).problem).toBe('malformed');
    expect(refusal(Buffer.alloc(0)).problem).toBe('empty');
  });

  it('refuses a list without any entity', () => {
    expect(refusal(listXml([]))).toMatchObject({
      problem: 'no_entity',
      detail: 'La liste ne contient aucune entité (sanctionEntity). La liste en vigueur reste inchangée.',
    });
  });

  it('refuses an identifier given twice, an entity without identifier and one without any name', () => {
    expect(
      refusal(
        listXml([
          { logicalId: 7, names: ['A B'] },
          { logicalId: 7, names: ['C D'] },
        ]),
      ),
    ).toMatchObject({
      problem: 'duplicate_id',
      detail: expect.stringContaining('L’identifiant 7 (logicalId) apparaît deux fois'),
    });
    const withoutId = Buffer.from(
      listXml([{ logicalId: 8, names: ['A B'] }])
        .toString()
        .replace('logicalId="8"', 'logicalId=""'),
    );
    expect(refusal(withoutId)).toMatchObject({
      problem: 'no_logical_id',
      detail: expect.stringContaining('n° 1'),
    });
    const withoutName = Buffer.from(
      listXml([{ logicalId: 9, names: ['A B'] }])
        .toString()
        .replace('wholeName="A B"', 'wholeName=""'),
    );
    expect(refusal(withoutName)).toMatchObject({
      problem: 'no_name',
      detail: expect.stringContaining('L’entité 9 n’a aucun nom'),
    });
  });

  it('refuses a DOCTYPE (the list has none: no entity declarations) and a file over 100 MB', () => {
    const withDoctype = Buffer.from(
      file.toString('utf8').replace('<export', '<!DOCTYPE export [<!ENTITY x "y">]>\n<export'),
    );
    expect(refusal(withDoctype).problem).toBe('doctype');
    expect(refusal(Buffer.alloc(MAX_SANCTIONS_LIST_BYTES + 1, 0x20)).code).toBe('sanctions_list_too_large');
  });
});
