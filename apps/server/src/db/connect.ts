import { join } from 'node:path';
import { secureDataDir, makeOwnerOnly } from '../data-dir.ts';
import type { Db } from './types.ts';
import { openPglite } from './pglite.ts';
import { openPostgres } from './postgres.ts';
import { migrate } from './migrate.ts';

export interface DbConfig {
  databaseUrl?: string | undefined;
  dataDir: string;
  poolSize?: number;
}

/**
 * PostgreSQL when DATABASE_URL is set, else PGlite in $DATA_DIR/db (owner-only: see data-dir.ts).
 * Migrations run before use.
 */
export async function connect(config: DbConfig): Promise<Db> {
  let db: Db;
  if (config.databaseUrl) {
    db = await openPostgres(config.databaseUrl, config.poolSize);
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
