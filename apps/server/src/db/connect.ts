import { join } from 'node:path';
import { secureDataDir, makeOwnerOnly } from '../data-dir.ts';
import type { Db } from './types.ts';
import { openPglite } from './pglite.ts';
import { openPostgres } from './postgres.ts';
import { migrate } from './migrate.ts';
import { currentRole, grantAppRole } from './app-role.ts';

export interface DbConfig {
  databaseUrl?: string | undefined;
  /**
   * The owner role's connection (MIGRATION_DATABASE_URL): used only to migrate and to grant the
   * application's role (DATABASE_URL) what it needs. Unset: DATABASE_URL's role does both.
   */
  migrationDatabaseUrl?: string | undefined;
  dataDir: string;
  poolSize?: number;
}

/**
 * PostgreSQL when DATABASE_URL is set, else PGlite in $DATA_DIR/db (owner-only: see data-dir.ts).
 * Migrations run before use: as the owner role of MIGRATION_DATABASE_URL when set, which then
 * grants DATABASE_URL's role its rights (db/app-role.ts), else as DATABASE_URL's role.
 */
export async function connect(config: DbConfig): Promise<Db> {
  let db: Db;
  if (config.databaseUrl) {
    db = await openPostgres(config.databaseUrl, config.poolSize);
    if (config.migrationDatabaseUrl) {
      try {
        await migrateAsOwner(config.migrationDatabaseUrl, (await currentRole(db)).name);
      } catch (error) {
        await db.close();
        throw error;
      }
      return db;
    }
  } else {
    const dir = join(config.dataDir, 'db');
    secureDataDir(dir);
    const pglite = await openPglite(dir);
    makeOwnerOnly(dir);
    // PGlite writes some files 0644 whatever the umask: tidy up again when it stops.
    db = {
      ...pglite,
      close: async () => {
        await pglite.close();
        makeOwnerOnly(dir);
      },
    };
  }
  await migrate(db);
  return db;
}

/** Migrates through the owner's own connection, grants `appRole` its rights, closes it. */
async function migrateAsOwner(ownerUrl: string, appRole: string): Promise<void> {
  const owner = await openPostgres(ownerUrl, 1);
  try {
    await migrate(owner);
    await grantAppRole(owner, appRole);
  } finally {
    await owner.close();
  }
}
