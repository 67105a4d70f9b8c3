import { MIGRATION_RECORDS } from '../db/migrate.ts';
import type { Db } from '../db/types.ts';
import {
  closeCursor,
  deleteAllRows,
  fetchRows,
  insertJsonRows,
  openRowCursor,
  schemaSequences,
  schemaTables,
  sequenceState,
  setSequenceState,
  skipTriggersForThisTransaction,
  writableColumns,
} from './queries.ts';

const CURSOR = 'comptoir_move_rows';

/**
 * Copies every table of `source` into `target` (both at the same migrations), all in one target
 * transaction: all of it or nothing. Triggers and foreign-key checks are off for it (the rows are
 * already consistent, and the audit log only takes appends), the rows the migrations wrote are
 * replaced by the source's, rows go over as JSON text in batches of `batchRows`, identity values are
 * kept, and every sequence is left where the source's was. What the migration runner recorded
 * (`schema_migrations`, `database_functions`) is the target's own.
 * Returns the rows written.
 */
export async function copyTables(source: Db, target: Db, batchRows: number): Promise<number> {
  return target.tx(async (to) => {
    await skipTriggersForThisTransaction(to);
    const targetTables = new Set(await schemaTables(to));
    let written = 0;
    await source.tx(async (from) => {
      for (const table of await schemaTables(from)) {
        if (MIGRATION_RECORDS.includes(table)) continue;
        if (!targetTables.has(table)) throw new Error(`the target has no table ${table}`);
        const columns = await writableColumns(to, table);
        await deleteAllRows(to, table);
        await openRowCursor(from, CURSOR, table);
        for (;;) {
          const rows = await fetchRows(from, CURSOR, batchRows);
          if (rows.length === 0) break;
          written += await insertJsonRows(to, table, columns, `[${rows.join(',')}]`);
        }
        await closeCursor(from, CURSOR);
      }
      for (const sequence of await schemaSequences(from)) {
        await setSequenceState(to, sequence, await sequenceState(from, sequence));
      }
    });
    return written;
  });
}
