import type { Queryable } from '../db/types.ts';

export async function appliedMigrations(q: Queryable): Promise<string[]> {
  const { rows } = await q.query<{ name: string }>('select name from schema_migrations order by name');
  return rows.map((r) => r.name);
}

/** The storage keys in `table.column` (names from the sealed-values registry, never input). */
export async function storedFileKeys(q: Queryable, table: string, column: string): Promise<string[]> {
  if (!/^[a-z_]+$/.test(table) || !/^[a-z_]+$/.test(column)) throw new Error('bad identifier');
  const { rows } = await q.query<{ key: string }>(`select ${column} as key from ${table} order by 1`);
  return rows.map((r) => r.key);
}

/** Starts the caller's transaction as a repeatable-read snapshot and exports it (for pg_dump --snapshot). */
export async function exportSnapshot(q: Queryable): Promise<string> {
  await q.query('set transaction isolation level repeatable read, read only');
  const { rows } = await q.query<{ id: string }>('select pg_export_snapshot() as id');
  return rows[0]!.id;
}

export async function serverMajorVersion(q: Queryable): Promise<number> {
  const { rows } = await q.query<{ v: string }>(`select current_setting('server_version_num') as v`);
  return Math.floor(Number(rows[0]!.v) / 10000);
}

/** Tables in the public schema: a restore goes into a database that has none. */
export async function publicTableCount(q: Queryable): Promise<number> {
  const { rows } = await q.query<{ n: number }>(
    `select count(*)::int as n from pg_tables where schemaname = 'public'`,
  );
  return rows[0]!.n;
}

/** Empties the database for `restore --force`: everything in the public schema goes. */
export async function dropPublicSchema(q: Queryable): Promise<void> {
  await q.query('drop schema public cascade');
  await q.query('create schema public');
}
