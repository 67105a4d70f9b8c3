// Test scaffolding of modules/sanctions-lists for its own and other modules' tests and the benches;
// never imported by production code.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SanctionsListImport } from '@comptoir/contracts';
import type { AppContext } from '../../../context.ts';
import { importSanctionsList } from '../import-list-service.ts';
import { SYNTHETIC_LIST_DIR } from '../sandbox-list-service.ts';

/** The fictional lists shipped in synthetic/: the base list and the same list amended. */
export type SyntheticList = 'eu-list' | 'eu-list-amendment';

/** The bytes of a shipped fictional list. */
export const syntheticList = (name: SyntheticList): Buffer =>
  readFileSync(join(SYNTHETIC_LIST_DIR, `${name}.xml`));

/** Loads a shipped fictional list as the command would. */
export const loadSyntheticList = (ctx: AppContext, name: SyntheticList): Promise<SanctionsListImport> =>
  importSanctionsList(ctx, { xml: syntheticList(name), source: 'command', loadedBy: `test (${name}.xml)` });

/** An alias of a TestEntity: strong unless `weak`. */
export interface TestAlias {
  name: string;
  weak?: boolean;
  language?: string;
  firstName?: string;
  lastName?: string;
}

/** One entity of a list made by `listXml`: a name or a few aliases, and what else a test needs. */
export interface TestEntity {
  logicalId: number;
  subjectType?: 'person' | 'enterprise';
  /** A string is a strong alias. */
  names: Array<string | TestAlias>;
  /** `YYYY`, `YYYY-MM` or `YYYY-MM-DD`. */
  born?: string[];
  citizenships?: string[];
  programme?: string;
}

const escapeXml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function birthdateXml(born: string): string {
  const [year = '', month = '', day = ''] = born.split('-');
  const full = day ? born : '';
  const m = month ? String(Number(month)) : '';
  const d = day ? String(Number(day)) : '';
  return `<birthdate circa="false" calendarType="GREGORIAN" city="" zipCode="" birthdate="${full}" dayOfMonth="${d}" monthOfYear="${m}" year="${year}" region="" place="" countryIso2Code="00" countryDescription="UNKNOWN" regulationLanguage="en" logicalId="1"/>`;
}

function entityXml(e: TestEntity): string {
  const type = e.subjectType ?? 'person';
  const aliases = e.names.map((n) => {
    const alias: TestAlias = typeof n === 'string' ? { name: n } : n;
    return `    <nameAlias firstName="${escapeXml(alias.firstName ?? '')}" middleName="" lastName="${escapeXml(alias.lastName ?? '')}" wholeName="${escapeXml(alias.name)}" function="" gender="" title="" nameLanguage="${alias.language ?? ''}" strong="${alias.weak ? 'false' : 'true'}" regulationLanguage="en" logicalId="1"/>`;
  });
  return [
    `  <sanctionEntity designationDetails="" unitedNationId="" euReferenceNumber="EU.TEST.${e.logicalId}" logicalId="${e.logicalId}">`,
    `    <regulation regulationType="amendment" organisationType="council" publicationDate="2024-01-15" entryIntoForceDate="2024-01-15" numberTitle="9901/2024 (OJ L 9901)" programme="${e.programme ?? 'TERR'}" logicalId="1"><publicationUrl>https://sanctions.example/fictional/9901-2024</publicationUrl></regulation>`,
    `    <subjectType code="${type}" classificationCode="${type === 'person' ? 'P' : 'E'}"/>`,
    ...aliases,
    ...(e.citizenships ?? []).map(
      (c) =>
        `    <citizenship region="" countryIso2Code="${c}" countryDescription="" regulationLanguage="en" logicalId="1"/>`,
    ),
    ...(e.born ?? []).map((b) => `    ${birthdateXml(b)}`),
    '  </sanctionEntity>',
  ].join('\n');
}

/** A list file in the EU's schema holding `entities` (fictional, made by the test). */
export function listXml(
  entities: readonly TestEntity[],
  generationDate = '2025-03-01T10:00:00.000+01:00',
): Buffer {
  return Buffer.from(
    [
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>',
      '<!-- Fictional test data in the schema of the EU consolidated financial sanctions list. -->',
      `<export xmlns="http://eu.europa.ec/fpi/fsd/export" generationDate="${generationDate}" globalFileId="1">`,
      ...entities.map(entityXml),
      '</export>',
      '',
    ].join('\n'),
  );
}

const FIRST = ['Aurel', 'Bogdan', 'Cosmin', 'Dorin', 'Emil', 'Florin', 'Grigore', 'Horia', 'Ilie', 'Jorj'];
const LAST = ['Abramescu', 'Balanovici', 'Cernatescu', 'Dragomirov', 'Elisavetin', 'Fomenkov', 'Galitzin'];

/**
 * `count` fictional persons with made-up names (a syllable soup, numbered so each is distinct),
 * years of birth and citizenships: a list of a realistic size for benches and timing tests.
 */
export function generatedEntities(count: number, firstId = 1_000_000): TestEntity[] {
  return Array.from({ length: count }, (_, i) => {
    const first = FIRST[i % FIRST.length]!;
    const last = `${LAST[i % LAST.length]!}-${i.toString(36).toUpperCase()}`;
    return {
      logicalId: firstId + i,
      names: [`${first} ${last}`, { name: `${last} ${first}`, weak: i % 3 === 0 }],
      born: [`${1940 + (i % 60)}`],
      citizenships: [['RU', 'BY', 'IR', 'SY', 'KP'][i % 5]!],
    };
  });
}
