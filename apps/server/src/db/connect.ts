import { join } from 'node:path';
import { mkdirSync } from 'node:fs';
import type { Db } from './types.ts';
import { openPglite } from './pglite.ts';
import { openPostgres } from './postgres.ts';
import { migrate } from './migrate.ts';

export interface DbConfig {
  databaseUrl?: string | undefined;
  dataDir: string;
  poolSize?: number;
}

/** PostgreSQL when DATABASE_URL is set, else PGlite in $DATA_DIR/db. Migrations run before use. */
export async function connect(config: DbConfig): Promise<Db> {
  let db: Db;
  if (config.databaseUrl) {
    db = await openPostgres(config.databaseUrl, config.poolSize);
  } else {
    const dir = join(config.dataDir, 'db');
    mkdirSync(dir, { recursive: true });
    db = await openPglite(dir);
  }
  await migrate(db);
  return db;
}
