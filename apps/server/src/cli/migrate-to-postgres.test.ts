import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { appendAudit } from '../audit/audit.ts';
import { loadConfig } from '../config.ts';
import { DataDirLocked, LOCK_FILE, lockDataDir } from '../data-dir-lock.ts';
import { connect } from '../db/connect.ts';
import { startServer } from '../server.ts';
import { fundedAccount } from '../testing/ledger-fixtures.ts';
import { createScratchDatabase } from '../testing/scratch-database.ts';
import { MUTATION } from '../testing/test-context.ts';

// PostgreSQL only: the embedded sandbox's data folder moved into scratch databases of DATABASE_URL's server.
const baseUrl = process.env.DATABASE_URL;

const work = mkdtempSync(join(tmpdir(), 'comptoir-move-'));
const dataDir = join(work, 'data');
const scratches: { drop(): Promise<void> }[] = [];
afterAll(async () => {
  for (const scratch of scratches) await scratch.drop();
  rmSync(work, { recursive: true, force: true });
});

async function scratchDatabase(): Promise<string> {
  const scratch = await createScratchDatabase(baseUrl!);
  scratches.push(scratch);
  return scratch.url;
}

const cli = (name: string) => ['--import', 'tsx', join(import.meta.dirname, name)];
const env = (databaseUrl = '') => ({
  ...process.env,
  DATABASE_URL: databaseUrl,
  MASTER_KEY: '',
  DATA_DIR: dataDir,
});

/** The move, run as the operator runs it; resolves once it exits. */
function runMove(target: string) {
  const child = spawn(process.execPath, [...cli('migrate-to-postgres.ts'), '--', target], {
    env: env(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<{ status: number | null; stdout: string; stderr: string }>((done) =>
    child.on('close', (status) => done({ status, stdout, stderr })),
  );
  return { pid: child.pid, exited };
}

const configOf = (databaseUrl?: string) =>
  loadConfig({
    SANDBOX: 'true',
    DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
  });

/** The customer signs in, then reads their accounts (balances included). */
async function signInAndReadAccounts(app: FastifyInstance, customer: { email: string; password: string }) {
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: MUTATION,
    payload: { email: customer.email, password: customer.password },
  });
  expect(login.statusCode).toBe(200);
  const cookie = String(login.headers['set-cookie']).split(';')[0]!;
  const accounts = await app.inject({ method: 'GET', url: '/api/accounts', headers: { cookie } });
  expect(accounts.statusCode).toBe(200);
  return accounts.json<unknown[]>();
}

/** Every table of the database with its row count: what « nothing written » compares. */
async function rowsPerTable(url: string): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tables = await client.query<{ name: string }>(
      `select tablename as name from pg_tables where schemaname = 'public' order by 1`,
    );
    const counts: Record<string, number> = {};
    for (const { name } of tables.rows) {
      const { rows } = await client.query<{ n: number }>(`select count(*)::int as n from "${name}"`);
      counts[name] = rows[0]!.n;
    }
    return counts;
  } finally {
    await client.end();
  }
}

describe.skipIf(!baseUrl)('npm run migrate-to-postgres (PostgreSQL)', () => {
  let moved = '';

  it('moves the embedded sandbox into an empty database, locked meanwhile, where the customer signs in to the same balances and the books and the audit chain verify', async () => {
    const embedded = await startServer(configOf());
    const customer = embedded.demo!.customer;
    let before: unknown[];
    try {
      before = await signInAndReadAccounts(embedded.app, customer);
    } finally {
      await embedded.stop();
    }

    moved = await scratchDatabase();
    const move = runMove(moved);
    // While it runs, the data folder is the move's: a server (or any other tool) is refused.
    await vi.waitFor(
      () => {
        const holder = JSON.parse(readFileSync(join(dataDir, LOCK_FILE), 'utf8')) as {
          pid: number;
          command: string;
        };
        expect(holder).toMatchObject({ pid: move.pid, command: 'npm run migrate-to-postgres' });
      },
      { timeout: 60_000, interval: 20 },
    );
    expect(() => lockDataDir(dataDir, 'npm start')).toThrow(DataDirLocked);
    const result = await move.exited;
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/tables, \d+ rows/);
    expect(result.stdout).toContain('row counts: the same in every table');
    expect(result.stdout).toContain('ledger ok');
    expect(result.stdout).toMatch(/audit chain ok: [1-9]\d* entries/);
    expect(result.stdout).toContain(join(dataDir, 'master.key'));

    const onPostgres = await startServer(configOf(moved));
    try {
      expect(await signInAndReadAccounts(onPostgres.app, customer)).toEqual(before);
    } finally {
      await onPostgres.stop();
    }

    // Identities and sequences go on after the copied rows: new entries and audit rows are written.
    const db = await connect({ databaseUrl: moved, dataDir });
    try {
      await db.tx(async (q) => {
        await fundedAccount(q, 2_500);
        await appendAudit(q, { operatorId: null, customerId: null, action: 'test.after_move', details: {} });
      });
    } finally {
      await db.close();
    }
    const verify = spawnSync(process.execPath, cli('ledger-verify.ts'), {
      env: env(moved),
      encoding: 'utf8',
    });
    expect(verify.stderr).toBe('');
    expect(verify.stdout).toContain('ledger ok');
    expect(verify.stdout).toContain('audit chain ok');
    expect(verify.status).toBe(0);
  }, 240_000);

  it('refuses a database holding data, migrated or not, and writes nothing there', async () => {
    const foreign = await scratchDatabase();
    const client = new pg.Client({ connectionString: foreign });
    await client.connect();
    await client.query('create table notes (body text); insert into notes values ($$hello$$)');
    await client.end();

    for (const target of [foreign, moved]) {
      const before = await rowsPerTable(target);
      const result = await runMove(target).exited;
      expect(result.stderr).toContain('refused: the PostgreSQL database is not empty');
      expect(result.status).toBe(3);
      expect(await rowsPerTable(target)).toEqual(before);
    }
  }, 120_000);
});
