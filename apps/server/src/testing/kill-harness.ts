import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate } from '../db/migrate.ts';
import { openPostgres } from '../db/postgres.ts';
import type { Db } from '../db/types.ts';
import { createScratchDatabase } from './scratch-database.ts';
import { freePort } from './server-process.ts';
import { makeTestContext, type TestContext } from './test-context.ts';

/** What a test that SIGKILLs the real server works with. */
export interface KillHarness {
  /** The scratch database, migrated, and a test context on it for fixtures. */
  db: Db;
  t: TestContext;
  url: string;
  /** The environment `spawnServer` starts the sandbox server with, on that database and a free port. */
  env: NodeJS.ProcessEnv;
  /** Closes the context and the pool, drops the database, deletes the data folder. */
  close(): Promise<void>;
}

/**
 * A PostgreSQL database of the test's own and the environment to run the real server on it, again
 * and again after each SIGKILL (`testing/server-process.ts`), with `env` added.
 */
export async function killHarness(name: string, env: Record<string, string> = {}): Promise<KillHarness> {
  const scratch = await createScratchDatabase(process.env.DATABASE_URL ?? '');
  const db = await openPostgres(scratch.url, 4);
  await migrate(db);
  const t = await makeTestContext({}, { db });
  const dataDir = mkdtempSync(join(tmpdir(), `comptoir-${name}-`));
  return {
    db,
    t,
    url: scratch.url,
    env: {
      ...process.env,
      DATABASE_URL: scratch.url,
      PORT: String(await freePort()),
      PSD2_PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SANDBOX: 'true',
      LOG_LEVEL: 'silent',
      ...env,
    },
    close: async () => {
      await t.close();
      await db.close();
      await scratch.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
