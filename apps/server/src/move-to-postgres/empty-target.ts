import { MIGRATION_RECORDS, migrate } from '../db/migrate.ts';
import { openPglite } from '../db/pglite.ts';
import { sqlState, type Db, type Queryable } from '../db/types.ts';
import { MoveRefused } from './errors.ts';
import { schemaTables, skipTriggersForThisTransaction, tableRowCount } from './queries.ts';

/** Rows per table of a database that only the migrations wrote to. */
async function freshlyMigratedCounts(): Promise<Map<string, number>> {
  const fresh = await openPglite(undefined);
  try {
    await migrate(fresh);
    return await rowCounts(fresh);
  } finally {
    await fresh.close();
  }
}

export async function rowCounts(q: Queryable): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const table of await schemaTables(q)) counts.set(table, await tableRowCount(q, table));
  return counts;
}

/**
 * Refuses a target that holds data: a database with no table passes, and so does one that only the
 * migrations wrote to (a first start that stopped there, or a move that failed and was rolled
 * back); any table with more rows than the migrations leave is named in the refusal.
 */
export async function refuseUnlessEmpty(target: Queryable): Promise<void> {
  const tables = await schemaTables(target);
  if (tables.length === 0) return;
  const fresh = await freshlyMigratedCounts();
  const holding: string[] = [];
  for (const table of tables) {
    if (MIGRATION_RECORDS.includes(table)) continue;
    const rows = await tableRowCount(target, table);
    if (rows > (fresh.get(table) ?? 0)) holding.push(`${table} (${rows} rows)`);
  }
  if (holding.length > 0) {
    const named =
      holding.slice(0, 5).join(', ') + (holding.length > 5 ? `, and ${holding.length - 5} more` : '');
    throw new MoveRefused(
      `refused: the PostgreSQL database is not empty: ${named}. Move into a new, empty database (createdb); nothing was written.`,
    );
  }
}

/**
 * Refuses a role that may not switch triggers and foreign-key checks off for the copy
 * (`session_replication_role`): it needs to be a superuser, or (PostgreSQL 15 and later) granted it.
 * The probe is a transaction that sets it and writes nothing.
 */
export async function refuseUnlessCopyAllowed(owner: Db): Promise<void> {
  try {
    await owner.tx((q) => skipTriggersForThisTransaction(q));
  } catch (error) {
    if (sqlState(error) !== '42501') throw error;
    throw new MoveRefused(
      'refused: the role that owns the schema may not set session_replication_role, which the copy needs (rows are written as they are, triggers and foreign-key checks off). Run the move as a superuser, or grant it first (PostgreSQL 15 and later): GRANT SET ON PARAMETER session_replication_role TO <owner role>. Nothing was written.',
    );
  }
}
