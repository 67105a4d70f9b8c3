// Test scaffolding of the screening job: list versions and entries written as the list import
// writes them, customers with an identity, beneficiaries, decided alerts. Never imported by the server.
import { createHash, randomUUID } from 'node:crypto';
import type { CustomerStatus, ScreeningReason } from '@comptoir/contracts';
import type { AppContext } from '../../../context.ts';
import type { ParsedEntry } from '../../sanctions-lists/index.ts';
import { makeCustomer } from '../../../testing/customers.ts';

/** A listed person (strong alias « First LAST »), born on `birth` (a full date or a year). */
export function listedPerson(
  logicalId: number,
  firstName: string,
  lastName: string,
  birth: { year: number; month?: number; day?: number } | null = null,
  more: Partial<ParsedEntry> = {},
): ParsedEntry {
  return {
    logicalId,
    euReferenceNumber: `EU.${logicalId}.99`,
    subjectType: 'person',
    regulations: [
      {
        programme: 'TEST',
        numberTitle: '9999/2099 (OJ L 1)',
        publicationDate: '2099-01-01',
        publicationUrl: null,
      },
    ],
    aliases: [
      {
        wholeName: `${firstName} ${lastName}`,
        firstName,
        middleName: null,
        lastName,
        strong: true,
        language: null,
      },
    ],
    birthDates: birth
      ? [{ year: birth.year, month: birth.month ?? null, day: birth.day ?? null, circa: false }]
      : [],
    citizenships: [],
    identifications: [],
    addresses: [],
    remark: null,
    ...more,
  };
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * A new version of the list in force, with exactly `entries`, written as the import writes it: the
 * version row (number + 1, counts), a new entry row for each new or changed entity, the end of the
 * rows of those changed or gone. Returns the version's id and number.
 */
export async function loadListVersion(
  ctx: AppContext,
  entries: readonly ParsedEntry[],
): Promise<{ id: string; number: number }> {
  return ctx.db.tx(async (q) => {
    const { rows: last } = await q.query<{ n: number }>(
      'select coalesce(max(version_number), 0)::int as n from sanctions_list_versions',
    );
    const number = (last[0]?.n ?? 0) + 1;
    const { rows: inForce } = await q.query<{ id: string; logical_id: string; content_sha256: string }>(
      'select id, logical_id::text, content_sha256 from sanctions_entries where valid_until_version is null',
    );
    const current = new Map(inForce.map((r) => [Number(r.logical_id), r]));
    const next = new Map(entries.map((e) => [e.logicalId, { entry: e, sha: sha256(JSON.stringify(e)) }]));
    const added = [...next.keys()].filter((id) => !current.has(id));
    const removed = [...current.keys()].filter((id) => !next.has(id));
    const changed = [...next.entries()].filter(
      ([id, e]) => current.has(id) && current.get(id)?.content_sha256 !== e.sha,
    );
    const id = randomUUID();
    await q.query(
      `insert into sanctions_list_versions (id, version_number, content_sha256, source, loaded_by,
         entry_count, added, removed, changed, created_at)
       values ($1, $2, $3, 'command', 'tests', $4, $5, $6, $7, $8)`,
      [
        id,
        number,
        sha256(`${id}`),
        entries.length,
        added.length,
        removed.length,
        changed.length,
        ctx.clock.now(),
      ],
    );
    const ended = [...removed, ...changed.map(([logicalId]) => logicalId)];
    for (const logicalId of ended) {
      await q.query(
        'update sanctions_entries set valid_until_version = $1 where logical_id = $2 and valid_until_version is null',
        [id, logicalId],
      );
    }
    for (const logicalId of [...added, ...changed.map(([l]) => l)]) {
      const e = next.get(logicalId);
      if (!e) continue;
      await q.query(
        `insert into sanctions_entries (id, logical_id, content_sha256, subject_type, entry, valid_from_version)
         values ($1, $2, $3, $4, $5::jsonb, $6)`,
        [randomUUID(), logicalId, e.sha, e.entry.subjectType, JSON.stringify(e.entry), id],
      );
    }
    return { id, number };
  });
}

/** A customer of `status` with this identity (birth date `YYYY-MM-DD`). */
export async function customerNamed(
  ctx: AppContext,
  firstName: string,
  lastName: string,
  birthDate: string | null = null,
  status: CustomerStatus = 'active',
): Promise<string> {
  const { id } = await makeCustomer(ctx, { status, firstName, lastName });
  await ctx.db.query('update customers set birth_date = $2::date where id = $1', [id, birthDate]);
  return id;
}

export async function setIdentity(
  ctx: AppContext,
  customerId: string,
  identity: { firstName?: string; lastName?: string; birthDate?: string; city?: string },
): Promise<void> {
  await ctx.db.query(
    `update customers set first_name = coalesce($2, first_name), last_name = coalesce($3, last_name),
            birth_date = coalesce($4::date, birth_date), city = coalesce($5, city) where id = $1`,
    [
      customerId,
      identity.firstName ?? null,
      identity.lastName ?? null,
      identity.birthDate ?? null,
      identity.city ?? null,
    ],
  );
}

export async function addBeneficiary(ctx: AppContext, customerId: string, name: string): Promise<string> {
  const { rows } = await ctx.db.query<{ id: string }>(
    `insert into beneficiaries (customer_id, name, iban, internal, verification)
     values ($1, $2, 'FR7630006000011234567890189', false, 'not_possible') returning id`,
    [customerId, name],
  );
  const id = rows[0]?.id;
  if (!id) throw new Error('no beneficiary');
  return id;
}

export interface ScreeningLine {
  subject_kind: 'customer' | 'beneficiary';
  subject_id: string;
  reason: ScreeningReason;
  outcome: 'clear' | 'possible_match';
  version_number: number;
  threshold: number;
}

/** The screenings of the customer's subjects, oldest first. */
export async function screeningsOf(ctx: AppContext, customerId: string): Promise<ScreeningLine[]> {
  const { rows } = await ctx.db.query<ScreeningLine>(
    `select s.subject_kind, s.subject_id, s.reason, s.outcome, v.version_number, s.threshold
       from screenings s join sanctions_list_versions v on v.id = s.list_version_id
      where s.customer_id = $1 order by s.id`,
    [customerId],
  );
  return rows;
}

export interface AlertLine {
  id: string;
  subject_kind: 'customer' | 'beneficiary';
  subject_id: string;
  logical_id: string;
  status: string;
  score: number;
  explanation: Record<string, unknown>;
}

export async function alertsOf(ctx: AppContext, customerId: string): Promise<AlertLine[]> {
  const { rows } = await ctx.db.query<AlertLine>(
    `select id, subject_kind, subject_id, logical_id::text, status, score, explanation
       from screening_alerts where customer_id = $1 order by created_at, id`,
    [customerId],
  );
  return rows;
}

/** What a decision leaves on an alert: closed, with its decision (the alerts' own services make it). */
export async function closeAlert(
  ctx: AppContext,
  alertId: string,
  decision: 'false_positive' | 'confirmed',
): Promise<void> {
  await ctx.db.query(
    `update screening_alerts set status = 'closed', decision = $2, decided_note = 'Homonyme', decided_at = $3
      where id = $1`,
    [alertId, decision, ctx.clock.now()],
  );
}
