import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { TestClock } from '../clock.ts';
import type { AppContext } from '../context.ts';
import { openPglite } from '../db/pglite.ts';
import { openPostgres } from '../db/postgres.ts';
import { migrate } from '../db/migrate.ts';
import { createScratchDatabase } from './scratch-database.ts';
import type { TestContext } from './test-basics.ts';
import type { Db } from '../db/types.ts';
import { outbox } from '../mail/outbox.ts';
import { documentFiles } from '../storage/encrypted-files.ts';
import { sandboxInstantRail } from '../rails/sandbox-instant-rail.ts';

export { MUTATION, type TestContext, uniqueEmail } from './test-basics.ts';

/**
 * A real database for a test file: PostgreSQL when DATABASE_URL is set (the test runner points it
 * at a fresh database), else an in-memory PGlite. Tests create their own customers, so files can
 * share one PostgreSQL database and run in parallel.
 */
export async function openTestDb(poolSize = 5): Promise<Db> {
  const url = process.env.DATABASE_URL;
  const db = url ? await openPostgres(url, poolSize) : await openPglite(undefined);
  await migrate(db);
  return db;
}

/**
 * A database of this file's own, also on PostgreSQL: for tests that act on every row of a table
 * (draining the whole outbox, say), which would take other files' rows on the shared database.
 */
export async function openOwnTestDb(poolSize = 5): Promise<Db> {
  const url = process.env.DATABASE_URL;
  if (!url) return openTestDb(poolSize);
  const scratch = await createScratchDatabase(url);
  const db = await openPostgres(scratch.url, poolSize);
  await migrate(db);
  return {
    ...db,
    close: async () => {
      await db.close();
      await scratch.drop();
    },
  };
}

export async function makeTestContext(
  overrides: Partial<Config> = {},
  options: { db?: Db; ownDatabase?: boolean } = {},
): Promise<TestContext> {
  const dataDir = mkdtempSync(join(tmpdir(), 'comptoir-test-'));
  const config = {
    ...loadConfig({ SANDBOX: 'true', DATA_DIR: dataDir, LOG_LEVEL: 'silent' }),
    // Files share one PostgreSQL database: each application counts its own rate limits unless told.
    rateLimitNamespace: `test-${randomUUID()}:`,
    ...overrides,
  };
  const db = options.db ?? (options.ownDatabase ? await openOwnTestDb() : await openTestDb());
  const clock = new TestClock();
  const masterKey = randomBytes(32);
  const ctx: AppContext = {
    config,
    db,
    clock,
    masterKey,
    outbox,
    files: documentFiles(config, masterKey),
    rails: { instant: sandboxInstantRail({ delayMs: 5 }) },
  };
  const app = await buildApp(ctx);
  await app.ready();
  return {
    ctx,
    app,
    clock,
    close: async () => {
      await app.close();
      if (!options.db) await db.close();
    },
  };
}
