import type { Queryable } from '../../db/types.ts';

export async function ping(q: Queryable): Promise<void> {
  await q.query('select 1');
}

/** The names of the migrations applied to this database. */
export async function appliedMigrations(q: Queryable): Promise<string[]> {
  const { rows } = await q.query<{ name: string }>('select name from schema_migrations');
  return rows.map((r) => r.name);
}
