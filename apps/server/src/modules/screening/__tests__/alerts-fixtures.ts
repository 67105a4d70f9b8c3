// Test scaffolding of the alerts' decisions: list versions, entities, screenings and alerts written
// with SQL as the list import and the screening job write them. Never imported by the server.
import { createHash, randomUUID } from 'node:crypto';
import type { ScreeningExplanation, ScreeningListedEntry } from '@comptoir/contracts';
import type { AppContext } from '../../../context.ts';

type Entity = Omit<ScreeningListedEntry, 'entryId'>;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Logical ids of this file's entities: far from the synthetic list's, different in each file. */
let nextLogicalId = 700_000 + Math.floor(Math.random() * 200_000) * 10;

/** A listed person, « First LAST » as strong alias, a weak alias, born in 1970, under a test regulation. */
export function listedPerson(firstName: string, lastName: string): Entity {
  const logicalId = nextLogicalId++;
  return {
    logicalId,
    euReferenceNumber: `EU.${logicalId}.42`,
    subjectType: 'person',
    aliases: [
      {
        wholeName: `${firstName} ${lastName.toUpperCase()}`,
        firstName,
        middleName: null,
        lastName,
        strong: true,
        language: null,
      },
      { wholeName: lastName, firstName: null, middleName: null, lastName, strong: false, language: null },
    ],
    birthDates: [{ year: 1970, month: null, day: null, circa: false }],
    citizenships: ['FR'],
    identifications: [{ type: 'passport', number: 'X1234567', country: 'FR' }],
    addresses: [{ street: null, city: 'Lyon', country: 'FR' }],
    regulations: [
      {
        programme: 'TEST',
        numberTitle: '9999/2099 (OJ L 1)',
        publicationDate: '2099-01-01',
        publicationUrl: 'https://eur-lex.europa.eu/legal-content/FR/TXT/?uri=OJ:L:2099:001:TOC',
      },
    ],
    remark: null,
  };
}

async function newVersion(ctx: AppContext, counts: { added: number; removed: number }): Promise<string> {
  const id = randomUUID();
  await ctx.db.query(
    `insert into sanctions_list_versions (id, version_number, content_sha256, source, loaded_by,
       entry_count, added, removed, changed, created_at)
     select $1, coalesce(max(version_number), 0) + 1, $2, 'command', 'tests', 0, $3, $4, 0, $5
       from sanctions_list_versions`,
    [id, sha256(id), counts.added, counts.removed, ctx.clock.now()],
  );
  return id;
}

export interface ListedFixture {
  entryId: string;
  logicalId: number;
  versionId: string;
  contentSha256: string;
}

/** A new list version that adds `entity` (others stay in force). */
export async function listEntity(ctx: AppContext, entity: Entity): Promise<ListedFixture> {
  const versionId = await newVersion(ctx, { added: 1, removed: 0 });
  const entryId = randomUUID();
  const contentSha256 = sha256(JSON.stringify(entity));
  await ctx.db.query(
    `insert into sanctions_entries (id, logical_id, content_sha256, subject_type, entry, valid_from_version)
     values ($1, $2, $3, $4, $5::jsonb, $6)`,
    [entryId, entity.logicalId, contentSha256, entity.subjectType, JSON.stringify(entity), versionId],
  );
  return { entryId, logicalId: entity.logicalId, versionId, contentSha256 };
}

/** A new list version without the entity: it is delisted. */
export async function delistEntity(ctx: AppContext, logicalId: number): Promise<void> {
  const versionId = await newVersion(ctx, { added: 0, removed: 1 });
  await ctx.db.query(
    `update sanctions_entries set valid_until_version = $1 where logical_id = $2 and valid_until_version is null`,
    [versionId, logicalId],
  );
}

/** A beneficiary of the customer, its IBAN stored as given. */
export async function addPayee(
  ctx: AppContext,
  customerId: string,
  name: string,
  iban: string,
): Promise<string> {
  const { rows } = await ctx.db.query<{ id: string }>(
    `insert into beneficiaries (customer_id, name, iban, internal, verification)
     values ($1, $2, $3, false, 'not_possible') returning id`,
    [customerId, name, iban],
  );
  const id = rows[0]?.id;
  if (!id) throw new Error('no beneficiary');
  return id;
}

/** What the matcher stores with a possible match of « Jon Smyth » against « John SMITH ». */
export const EXPLANATION: ScreeningExplanation = {
  alias: 'John SMITH',
  strong: true,
  language: null,
  tokens: [
    { subject: 'jon', listed: 'john', how: 'typo' },
    { subject: 'smyth', listed: 'smith', how: 'typo' },
  ],
  unmatchedListed: [],
  unmatchedSubject: [],
  nameScore: 86,
  birthDate: { listed: '1970', subject: '1970-03-14', effect: 'year_agrees' },
  country: null,
  summary: 'Nom proche (deux fautes de frappe) ; année de naissance identique.',
};

/**
 * A possible match, as the screening job opens it: a screening of the subject (the customer, or
 * one of their beneficiaries) against the entity's version, and an open alert.
 */
export async function openAlert(
  ctx: AppContext,
  a: { customerId: string; beneficiaryId?: string; listed: ListedFixture; score?: number },
): Promise<string> {
  const subjectKind = a.beneficiaryId ? 'beneficiary' : 'customer';
  const subjectId = a.beneficiaryId ?? a.customerId;
  const identity = sha256(`identity:${subjectId}`);
  const score = a.score ?? 88;
  const { rows } = await ctx.db.query<{ id: string }>(
    `insert into screenings (subject_kind, subject_id, customer_id, list_version_id, reason, identity_sha256,
       threshold, outcome, top_score, screened_at)
     values ($1, $2, $3, $4, 'list_version', $5, 80, 'possible_match', $6, $7) returning id::text`,
    [subjectKind, subjectId, a.customerId, a.listed.versionId, identity, score, ctx.clock.now()],
  );
  const screeningId = rows[0]?.id;
  if (!screeningId) throw new Error('no screening');
  const id = randomUUID();
  await ctx.db.query(
    `insert into screening_alerts (id, subject_kind, subject_id, customer_id, screening_id, entry_id, logical_id,
       subject_identity_sha256, entry_content_sha256, score, explanation, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::jsonb, $12)`,
    [
      id,
      subjectKind,
      subjectId,
      a.customerId,
      screeningId,
      a.listed.entryId,
      a.listed.logicalId,
      identity,
      a.listed.contentSha256,
      score,
      JSON.stringify(EXPLANATION),
      ctx.clock.now(),
    ],
  );
  return id;
}
