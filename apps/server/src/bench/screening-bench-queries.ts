import type { Queryable } from '../db/types.ts';

/**
 * The screening bench's SQL: its customers inserted in bulk, the database settled after the first
 * screening, and what the screenings and alerts of a list version came to.
 */

export interface BenchCustomerRow {
  email: string;
  firstName: string;
  lastName: string;
  /** `YYYY-MM-DD`. */
  birthDate: string;
  country: string;
}

/**
 * Active customers in one statement (one shared password hash: the bench never signs them in). The
 * tables' own triggers mark each for its first screening, as an approval would.
 */
export async function insertActiveCustomers(
  q: Queryable,
  rows: readonly BenchCustomerRow[],
  passwordHash: string,
): Promise<void> {
  await q.query(
    `insert into customers (email, password_hash, status, first_name, last_name, birth_date,
                            residence_country, tax_country, email_verified_at)
     select e, $6, 'active', f, l, b::date, c, c, now()
       from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[]) as x(e, f, l, b, c)`,
    [
      rows.map((r) => r.email),
      rows.map((r) => r.firstName),
      rows.map((r) => r.lastName),
      rows.map((r) => r.birthDate),
      rows.map((r) => r.country),
      passwordHash,
    ],
  );
}

/**
 * After the first screening of the bulk-loaded customers, the tables as a database in service has
 * them: vacuumed and analysed, checkpointed, so that neither autovacuum nor a checkpoint of the
 * load's write-ahead log runs in the middle of the measurement.
 */
export async function settleScreeningTables(q: Queryable): Promise<void> {
  await q.query(
    'vacuum (analyze) customers, screening_subjects, screenings, screening_changes, screening_alerts',
  );
  await q.query('checkpoint');
}

/** The screenings made against a list version: how many, and the first and last one's time. */
export async function screeningsOfVersion(
  q: Queryable,
  versionId: string,
): Promise<{ count: number; first: Date | null; last: Date | null }> {
  const { rows } = await q.query<{ count: number; first: Date | null; last: Date | null }>(
    `select count(*)::int as count, min(screened_at) as first, max(screened_at) as last
       from screenings where list_version_id = $1`,
    [versionId],
  );
  return rows[0] ?? { count: 0, first: null, last: null };
}

/** The alerts opened by the screenings against a list version: the customer's address and the entity. */
export async function customerAlertsOfVersion(
  q: Queryable,
  versionId: string,
): Promise<{ total: number; customers: { email: string; logicalId: number }[] }> {
  const { rows } = await q.query<{ kind: string; email: string | null; logical_id: string }>(
    `select a.subject_kind as kind, c.email, a.logical_id::text as logical_id
       from screening_alerts a
       join screenings s on s.id = a.screening_id
       left join customers c on c.id = a.subject_id and a.subject_kind = 'customer'
      where s.list_version_id = $1`,
    [versionId],
  );
  return {
    total: rows.length,
    customers: rows
      .filter((r) => r.kind === 'customer' && r.email !== null)
      .map((r) => ({ email: r.email ?? '', logicalId: Number(r.logical_id) })),
  };
}
