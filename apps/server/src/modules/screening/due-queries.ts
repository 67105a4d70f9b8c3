import type { ScreeningReason } from '@comptoir/contracts';
import type { Queryable } from '../../db/types.ts';

// Who is due for a screening (docs/screening.md#screening). A customer is screened once they have
// submitted an application or hold an account; a beneficiary (by name) while its customer is.
// Due: never screened (`new_subject`), the identity screened is not the one on file
// (`identity_change`), the list version screened against is not the one in force (`list_version`),
// or — customers only — last screened before today's Paris calendar day (`daily`). The rule is the
// comparison in `dueCustomers` and `dueBeneficiaries`; the claims only find the candidates.

/** Customer statuses that are screened: an application submitted, or an account held. */
const SCREENED_STATUSES = `('pending_review', 'corrections_requested', 'active')`;

/**
 * The identity a customer's screening covers, as a hash computed here so that the due query
 * compares it: first name, last name and birth date.
 */
const CUSTOMER_IDENTITY = `encode(sha256(convert_to(concat_ws(chr(31), coalesce(c.first_name, ''),
  coalesce(c.last_name, ''), coalesce(c.birth_date::text, '')), 'UTF8')), 'hex')`;

/** A beneficiary is screened by its name alone. */
const BENEFICIARY_IDENTITY = `encode(sha256(convert_to(b.name, 'UTF8')), 'hex')`;

/** $1: the list version in force; $2: today's Paris date. `s` is the subject's screening_subjects row. */
const CUSTOMER_DUE = `(s.subject_id is null or s.identity_sha256 <> ${CUSTOMER_IDENTITY}
   or s.list_version_id <> $1::uuid or s.screened_on < $2::date)`;
const BENEFICIARY_DUE = `(s.subject_id is null or s.identity_sha256 <> ${BENEFICIARY_IDENTITY}
   or s.list_version_id <> $1::uuid)`;

const reasonCase = (identity: string) => `case when s.subject_id is null then 'new_subject'
  when s.identity_sha256 <> ${identity} then 'identity_change'
  when s.list_version_id <> $1::uuid then 'list_version' else 'daily' end`;

/** The list versions other than the one in force (`param`): a subject screened against one is due. */
const olderVersions = (param: string) =>
  `(select v.id from sanctions_list_versions v where v.id <> ${param}::uuid)`;

/** A source of candidates: its statement takes the room left as $1, then its own parameters. */
interface CandidateSource {
  sql: string;
  params: unknown[];
}

/** Claims from each source in turn, each given the room the ones before left, up to `limit` ids. */
async function claimFrom(
  q: Queryable,
  limit: number,
  sources: readonly CandidateSource[],
): Promise<string[]> {
  const claimed = new Set<string>();
  for (const source of sources) {
    const room = limit - claimed.size;
    if (room <= 0) break;
    const { rows } = await q.query<{ id: string }>(source.sql, [room, ...source.params]);
    for (const row of rows) claimed.add(row.id);
  }
  return [...claimed];
}

/**
 * Claims up to `limit` candidate customers for this transaction, in order: those marked as new or
 * changed (screening_changes), then those last screened against an older list version, then those
 * last screened before `today`. Each source is read through its index (the `order by` keeps the
 * planner on it even when its statistics, taken before a sweep, say every row matches), so a batch
 * costs its own size, never a pass over every customer. The rows are locked
 * `FOR NO KEY UPDATE SKIP LOCKED`: another instance's run takes others, while a payment inserting
 * rows that reference the customer (a key share) never waits on it. A candidate may turn out not to
 * be due (`dueCustomers` decides).
 */
export async function claimCandidateCustomers(
  q: Queryable,
  p: { versionId: string; today: string; limit: number },
): Promise<string[]> {
  return claimFrom(q, p.limit, [
    {
      sql: `select c.id from screening_changes m join customers c on c.id = m.subject_id
             where m.subject_kind = 'customer' and c.status in ${SCREENED_STATUSES}
             limit $1 for no key update of c skip locked`,
      params: [],
    },
    {
      sql: `select c.id from screening_subjects s join customers c on c.id = s.subject_id
             where s.subject_kind = 'customer' and s.list_version_id = any(array${olderVersions('$2')})
               and c.status in ${SCREENED_STATUSES}
             order by s.list_version_id
             limit $1 for no key update of c skip locked`,
      params: [p.versionId],
    },
    {
      sql: `select c.id from screening_subjects s join customers c on c.id = s.subject_id
             where s.subject_kind = 'customer' and s.screened_on < $2::date and c.status in ${SCREENED_STATUSES}
             order by s.screened_on
             limit $1 for no key update of c skip locked`,
      params: [p.today],
    },
  ]);
}

/**
 * Claims up to `limit` candidate beneficiaries (locked as the customers are): those marked as new
 * or renamed, then those last screened against an older list version. Never for a new day.
 */
export async function claimCandidateBeneficiaries(
  q: Queryable,
  p: { versionId: string; limit: number },
): Promise<string[]> {
  return claimFrom(q, p.limit, [
    {
      sql: `select b.id from screening_changes m
              join beneficiaries b on b.id = m.subject_id
              join customers c on c.id = b.customer_id
             where m.subject_kind = 'beneficiary' and c.status in ${SCREENED_STATUSES}
             limit $1 for no key update of b skip locked`,
      params: [],
    },
    {
      sql: `select b.id from screening_subjects s
              join beneficiaries b on b.id = s.subject_id
              join customers c on c.id = b.customer_id
             where s.subject_kind = 'beneficiary' and s.list_version_id = any(array${olderVersions('$2')})
               and c.status in ${SCREENED_STATUSES}
             order by s.list_version_id
             limit $1 for no key update of b skip locked`,
      params: [p.versionId],
    },
  ]);
}

/** The claimed subjects are looked at: their marks go (a change after this makes a new one). */
export async function clearChangeMarks(
  q: Queryable,
  kind: 'customer' | 'beneficiary',
  ids: readonly string[],
): Promise<void> {
  if (ids.length === 0) return;
  await q.query('delete from screening_changes where subject_kind = $1 and subject_id = any($2::uuid[])', [
    kind,
    ids,
  ]);
}

export interface DueCustomer {
  id: string;
  first_name: string | null;
  last_name: string | null;
  /** `YYYY-MM-DD`, or null when not given yet. */
  birth_date: string | null;
  /** The issuing country of the identity document of the customer's application, when known. */
  document_country: string | null;
  residence_country: string | null;
  tax_country: string | null;
  identity_sha256: string;
  reason: ScreeningReason;
}

/**
 * The claimed customers still due, with what their screening needs. Read by a statement of its own
 * after the claim: in READ COMMITTED it sees what another instance committed while this one waited
 * for a row, so a customer that instance has just screened is left out (the claim's snapshot is
 * older than that commit, and locking a row it did not change rechecks nothing).
 */
export async function dueCustomers(
  q: Queryable,
  p: { versionId: string; today: string; ids: readonly string[] },
): Promise<DueCustomer[]> {
  if (p.ids.length === 0) return [];
  const { rows } = await q.query<DueCustomer>(
    `select c.id, c.first_name, c.last_name, c.birth_date::text as birth_date,
            (select a.document_country from onboarding_applications a
              where a.customer_id = c.id and a.document_country is not null
              order by a.submitted_at desc nulls last limit 1) as document_country,
            c.residence_country, c.tax_country,
            ${CUSTOMER_IDENTITY} as identity_sha256,
            ${reasonCase(CUSTOMER_IDENTITY)} as reason
       from customers c
       left join screening_subjects s on s.subject_kind = 'customer' and s.subject_id = c.id
      where c.id = any($3::uuid[]) and c.status in ${SCREENED_STATUSES} and ${CUSTOMER_DUE}`,
    [p.versionId, p.today, p.ids],
  );
  return rows;
}

export interface DueBeneficiary {
  id: string;
  customer_id: string;
  name: string;
  identity_sha256: string;
  reason: ScreeningReason;
}

/** The claimed beneficiaries still due (read after the claim, as `dueCustomers`). */
export async function dueBeneficiaries(
  q: Queryable,
  p: { versionId: string; ids: readonly string[] },
): Promise<DueBeneficiary[]> {
  if (p.ids.length === 0) return [];
  const { rows } = await q.query<DueBeneficiary>(
    `select b.id, b.customer_id, b.name,
            ${BENEFICIARY_IDENTITY} as identity_sha256,
            ${reasonCase(BENEFICIARY_IDENTITY)} as reason
       from beneficiaries b
       join customers c on c.id = b.customer_id
       left join screening_subjects s on s.subject_kind = 'beneficiary' and s.subject_id = b.id
      where b.id = any($2::uuid[]) and c.status in ${SCREENED_STATUSES} and ${BENEFICIARY_DUE}`,
    [p.versionId, p.ids],
  );
  return rows;
}

/**
 * How many customers and beneficiaries are due now (no lock: the back office's figure): the
 * candidates of the claims above that the due rule keeps.
 */
export async function countDue(q: Queryable, p: { versionId: string; today: string }): Promise<number> {
  const { rows } = await q.query<{ n: number }>(
    `with customer_candidates as (
       select m.subject_id as id from screening_changes m where m.subject_kind = 'customer'
       union select s.subject_id from screening_subjects s
              where s.subject_kind = 'customer' and s.list_version_id in ${olderVersions('$1')}
       union select s.subject_id from screening_subjects s
              where s.subject_kind = 'customer' and s.screened_on < $2::date),
     beneficiary_candidates as (
       select m.subject_id as id from screening_changes m where m.subject_kind = 'beneficiary'
       union select s.subject_id from screening_subjects s
              where s.subject_kind = 'beneficiary' and s.list_version_id in ${olderVersions('$1')})
     select (select count(*) from customer_candidates x
               join customers c on c.id = x.id
               left join screening_subjects s on s.subject_kind = 'customer' and s.subject_id = c.id
              where c.status in ${SCREENED_STATUSES} and ${CUSTOMER_DUE})::int
          + (select count(*) from beneficiary_candidates x
               join beneficiaries b on b.id = x.id
               join customers c on c.id = b.customer_id
               left join screening_subjects s on s.subject_kind = 'beneficiary' and s.subject_id = b.id
              where c.status in ${SCREENED_STATUSES} and ${BENEFICIARY_DUE})::int as n`,
    [p.versionId, p.today],
  );
  return rows[0]?.n ?? 0;
}

/** Customers that are screened (submitted or open) and never were. */
export async function countNeverScreened(q: Queryable): Promise<number> {
  const { rows } = await q.query<{ n: number }>(
    `select count(*)::int as n from customers c
      where c.status in ${SCREENED_STATUSES}
        and not exists (select 1 from screening_subjects s
                         where s.subject_kind = 'customer' and s.subject_id = c.id)`,
  );
  return rows[0]?.n ?? 0;
}
