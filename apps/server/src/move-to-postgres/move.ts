import { connect } from '../db/connect.ts';
import { openPostgres } from '../db/postgres.ts';
import type { Db } from '../db/types.ts';
import type { FileStore } from '../storage/file-store.ts';
import { copyTables } from './copy.ts';
import { refuseUnlessCopyAllowed, refuseUnlessEmpty } from './empty-target.ts';
import { verifyMove, type MoveCheck } from './verify-move.ts';

export interface MoveTarget {
  /** The application's connection (DATABASE_URL of the server afterwards). */
  databaseUrl: string;
  /** The owner role's (MIGRATION_DATABASE_URL), when the application has a role of its own. */
  migrationDatabaseUrl?: string | undefined;
}

/**
 * Moves the embedded database `source` (opened, migrated, its data folder locked by the caller)
 * into an empty PostgreSQL database: refuses a target holding data, or whose owner role may not
 * copy, before writing anything; migrates it (as the owner, granting the application's role, like
 * a start); copies every table in one transaction; then checks it (verifyMove). The master key and
 * the stored files are not in the database: they stay where they are.
 */
export async function moveToPostgres(deps: {
  source: Db;
  target: MoveTarget;
  dataDir: string;
  store: FileStore;
  masterKey: Buffer;
  batchRows?: number;
}): Promise<MoveCheck & { written: number }> {
  const { databaseUrl, migrationDatabaseUrl } = deps.target;
  const owner = await openPostgres(migrationDatabaseUrl ?? databaseUrl, 1);
  try {
    await refuseUnlessEmpty(owner);
    await refuseUnlessCopyAllowed(owner);
    const app = await connect({ databaseUrl, migrationDatabaseUrl, dataDir: deps.dataDir, poolSize: 1 });
    try {
      const written = await copyTables(deps.source, owner, deps.batchRows ?? 500);
      const check = await verifyMove({
        source: deps.source,
        target: app,
        store: deps.store,
        masterKey: deps.masterKey,
      });
      return { ...check, written };
    } finally {
      await app.close();
    }
  } finally {
    await owner.close();
  }
}
