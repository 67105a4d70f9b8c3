import type { ListedEntity, ScreeningSubject } from '../modules/screening/index.ts';
import type { BenchCustomerRow } from './screening-bench-queries.ts';

/**
 * The screening bench's data in the shapes the product takes: the generated list
 * (sanctions-fixtures.ts) as a file in the EU's published XML schema (xmlFullSanctionsList_1_1,
 * every element the reader takes, each with its regulation summary as the real file has it), and
 * the generated customers as rows of `customers`. All of it invented.
 */

const two = (n: number): string => String(n).padStart(2, '0');

const escapeXml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const SUMMARY =
  '<regulationSummary regulationType="amendment" publicationDate="2024-01-15" numberTitle="9901/2024 (OJ L 9901)" publicationUrl="https://sanctions.example/fictional/9901-2024"/>';

/** An element with the list's common attributes and its regulation summary. */
const withSummary = (name: string, attributes: string, logicalId: number): string =>
  `    <${name} ${attributes} regulationLanguage="en" logicalId="${logicalId}">\n      ${SUMMARY}\n    </${name}>`;

function entityXml(e: ListedEntity): string {
  const id = e.logicalId;
  const person = e.subjectType === 'person';
  const aliases = e.aliases.map((a, i) =>
    withSummary(
      'nameAlias',
      `firstName="" middleName="" lastName="" wholeName="${escapeXml(a.wholeName)}" function="" gender="" title="" nameLanguage="${a.language ?? ''}" strong="${a.strong}"`,
      id * 100 + 10 + i,
    ),
  );
  const citizenships = e.citizenships.map((c, i) =>
    withSummary('citizenship', `region="" countryIso2Code="${c}" countryDescription=""`, id * 100 + 30 + i),
  );
  const births = e.birthDates.map((b, i) => {
    const full = b.month !== null && b.day !== null ? `${b.year}-${two(b.month)}-${two(b.day)}` : '';
    return withSummary(
      'birthdate',
      `circa="${b.circa}" calendarType="GREGORIAN" city="" zipCode="" birthdate="${full}" dayOfMonth="${b.day ?? ''}" monthOfYear="${b.month ?? ''}" year="${b.year}" region="" place="" countryIso2Code="00" countryDescription="UNKNOWN"`,
      id * 100 + 50 + i,
    );
  });
  return [
    `  <sanctionEntity designationDetails="" unitedNationId="" euReferenceNumber="EU.BENCH.${id}" logicalId="${id}">`,
    `    <remark>Fictional record generated for the screening bench.</remark>`,
    `    <regulation regulationType="amendment" organisationType="council" publicationDate="2024-01-15" entryIntoForceDate="2024-01-15" numberTitle="9901/2024 (OJ L 9901)" programme="TERR" logicalId="${id * 100}">`,
    '      <publicationUrl>https://sanctions.example/fictional/9901-2024</publicationUrl>',
    '    </regulation>',
    `    <subjectType code="${person ? 'person' : 'enterprise'}" classificationCode="${person ? 'P' : 'E'}"/>`,
    ...aliases,
    ...citizenships,
    ...births,
    '  </sanctionEntity>',
  ].join('\n');
}

/** The list file of `entities`, in the EU consolidated list's schema. */
export function benchListXml(entities: readonly ListedEntity[]): Buffer {
  return Buffer.from(
    [
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>',
      '<!-- FICTIONAL DATA generated for the screening bench, in the schema of the EU consolidated financial sanctions list. -->',
      '<export xmlns="http://eu.europa.ec/fpi/fsd/export" generationDate="2026-01-05T10:00:00.000+01:00" globalFileId="990099">',
      ...entities.map(entityXml),
      '</export>',
      '',
    ].join('\n'),
  );
}

/**
 * Customers' rows from generated subjects: the first word of the name as the first name, the rest
 * as the last name (a listed name written surname first lands the other way round, as a customer's
 * would), with `emailOf(i)` as the address.
 */
export function benchCustomerRows(
  subjects: readonly ScreeningSubject[],
  emailOf: (i: number) => string,
): BenchCustomerRow[] {
  return subjects.map((s, i) => {
    const [firstName = '', ...rest] = s.fullName.split(' ');
    const b = s.birthDate ?? { year: 1980, month: 1, day: 1 };
    return {
      email: emailOf(i),
      firstName,
      lastName: rest.join(' '),
      birthDate: `${b.year}-${two(b.month)}-${two(b.day)}`,
      country: s.countries?.[0] ?? 'FR',
    };
  });
}
