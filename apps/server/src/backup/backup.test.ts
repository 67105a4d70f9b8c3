import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { list } from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import type { AppContext } from '../context.ts';
import { connect } from '../db/connect.ts';
import type { Db } from '../db/types.ts';
import { customerAccount, ledgerBalance, postEntry, verifyLedger } from '../ledger/index.ts';
import { documentFiles } from '../storage/encrypted-files.ts';
import { fundedAccount, move } from '../testing/ledger-fixtures.ts';
import { createScratchDatabase } from '../testing/scratch-database.ts';
import { expectedOpen, openEach, sealOneOfEach, type SealedValues } from '../testing/sealed-fixtures.ts';
import { makeTestContext, type TestContext } from '../testing/test-context.ts';
import { createBackup } from './backup.ts';
import { BackupRefused } from './manifest.ts';
import { restoreBackup } from './restore.ts';

// The embedded database by default; PostgreSQL (a scratch database of its own) when DATABASE_URL is set.
const baseUrl = process.env.DATABASE_URL;
const scratches: { drop(): Promise<void> }[] = [];
const newDatabaseUrl = async (): Promise<string | undefined> => {
  if (!baseUrl) return undefined;
  const scratch = await createScratchDatabase(baseUrl);
  scratches.push(scratch);
  return scratch.url;
};
const configFor = (dataDir: string, databaseUrl: string | undefined) => ({
  ...loadConfig({ SANDBOX: 'true', DATA_DIR: dataDir, LOG_LEVEL: 'silent' }),
  databaseUrl,
});

const dataDir = mkdtempSync(join(tmpdir(), 'comptoir-backup-'));
const archivePath = join(dataDir, '..', `${dataDir.split('/').at(-1)}.tar.gz`);
let config: ReturnType<typeof configFor>;
let t: TestContext;
let db: Db;
let v: SealedValues;
let savings: bigint;
let before: bigint[];

const balances = async (q: Db) => [
  (await customerAccount(q, v.card.customerId, v.card.account.id)).postedBalance,
  await ledgerBalance(q, savings),
];

beforeAll(async () => {
  config = configFor(dataDir, await newDatabaseUrl());
  db = await connect({ databaseUrl: config.databaseUrl, dataDir, poolSize: 2 });
  t = await makeTestContext(config, { db });
  v = await sealOneOfEach(t.ctx, 50_000);
  savings = await db.tx(async (q) => {
    const other = await fundedAccount(q, 7_000);
    await postEntry(q, move(v.card.account, other, 1_234));
    return other.id;
  });
  before = await balances(db);
  await t.close();
  await db.close(); // the embedded database is backed up with the server stopped
}, 60_000);

afterAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(archivePath, { force: true });
  for (const s of scratches) await s.drop();
});

describe(`backup and restore (${baseUrl ? 'PostgreSQL' : 'embedded database'})`, () => {
  it('writes one owner-only archive: manifest, database, the stored files still sealed — never the master key', async () => {
    const started = performance.now();
    const manifest = await createBackup(config, new Date(), archivePath);
    console.log(
      `backup of a small ${manifest.database} database: ${statSync(archivePath).size} bytes, ${Math.round(performance.now() - started)} ms`,
    );
    expect(statSync(archivePath).mode & 0o777).toBe(0o600);
    expect(manifest).toMatchObject({
      format: 2,
      database: baseUrl ? 'postgres' : 'pglite',
      files: 1,
      migrations: expect.arrayContaining(['0001_foundation.sql', '0042_key_rotation.sql']),
    });
    const names: string[] = [];
    await list({ file: archivePath, onReadEntry: (e) => names.push(e.path) });
    expect(names[0]).toBe('manifest.json');
    expect(names).toContain(baseUrl ? 'database/postgres.dump' : 'database/pglite/PG_VERSION');
    expect(names.filter((n) => n.startsWith('files/'))).toHaveLength(1);

    // The stored file is as stored: sealed, its plaintext nowhere (the database's files are in the tar as they are).
    const archive = readFileSync(archivePath);
    const inner = gunzipSync(archive);
    expect(inner.includes(Buffer.from(v.document))).toBe(false);
    const key = t.ctx.masterKey;
    for (const form of [
      key,
      Buffer.from(key.toString('hex')),
      Buffer.from(key.toString('base64')),
      Buffer.from(key.toString('base64url')),
      Buffer.from(key.toString('hex').toUpperCase()),
    ]) {
      expect(archive.includes(form)).toBe(false);
      expect(inner.includes(form)).toBe(false);
    }
  });

  it('after a wipe, restores the same balances, a clean ledger and readable documents', async () => {
    rmSync(join(dataDir, 'db'), { recursive: true, force: true });
    rmSync(join(dataDir, 'files'), { recursive: true, force: true });
    config = configFor(dataDir, await newDatabaseUrl()); // PostgreSQL: a new, empty database

    await restoreBackup(config, archivePath);

    const restored = await connect({ databaseUrl: config.databaseUrl, dataDir, poolSize: 2 });
    try {
      expect(await balances(restored)).toEqual(before);
      expect(await verifyLedger(restored)).toEqual([]);
      const ctx: AppContext = { ...t.ctx, db: restored, files: documentFiles(config, t.ctx.masterKey) };
      expect(await openEach(ctx, v)).toEqual(expectedOpen(v));
    } finally {
      await restored.close();
    }
  });

  it('refuses a target holding data, unless forced', async () => {
    const refused = await restoreBackup(config, archivePath).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(BackupRefused);
    expect(refused).toMatchObject({ exitCode: 3, message: expect.stringMatching(/--force/) });

    await restoreBackup(config, archivePath, { force: true });
    const restored = await connect({ databaseUrl: config.databaseUrl, dataDir, poolSize: 2 });
    expect(await balances(restored)).toEqual(before);
    await restored.close();
  });

  it.runIf(baseUrl)(
    'refuses a pg_dump older than the PostgreSQL server, saying which to install',
    async () => {
      const bin = mkdtempSync(join(tmpdir(), 'comptoir-old-pg-dump-'));
      writeFileSync(join(bin, 'pg_dump'), '#!/bin/sh\necho "pg_dump (PostgreSQL) 9.6.24"\n');
      chmodSync(join(bin, 'pg_dump'), 0o700);
      const out = join(bin, 'backup.tar.gz');
      process.env.PG_BIN_DIR = bin;
      try {
        await expect(createBackup(config, new Date(), out)).rejects.toThrow(
          /pg_dump 9 cannot dump a PostgreSQL \d+ server: install pg_dump \d+ or later/,
        );
        expect(() => statSync(out)).toThrow(/ENOENT/);
      } finally {
        delete process.env.PG_BIN_DIR;
        rmSync(bin, { recursive: true, force: true });
      }
    },
  );
});
