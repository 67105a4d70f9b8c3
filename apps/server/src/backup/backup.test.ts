import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
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
import { createBackup, writeArchive } from './backup.ts';
import { BackupRefused, sha256 } from './manifest.ts';
import { openArchive, restoreBackup } from './restore.ts';
import { readTar, writeTar } from './tar.ts';

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
let archive: Buffer;

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
    const made = await createBackup(config, new Date());
    archive = made.archive;
    writeArchive(archivePath, archive);
    console.log(
      `backup of a small ${made.manifest.database} database: ${archive.length} bytes, ${Math.round(performance.now() - started)} ms`,
    );
    expect(statSync(archivePath).mode & 0o777).toBe(0o600);
    expect(made.manifest).toMatchObject({
      format: 1,
      database: baseUrl ? 'postgres' : 'pglite',
      files: 1,
      migrations: expect.arrayContaining(['0001_foundation.sql', '0042_key_rotation.sql']),
    });
    const names = readTar(gunzipSync(archive)).map((e) => e.name);
    expect(names[0]).toBe('manifest.json');
    expect(names.filter((n) => n.startsWith('files/'))).toHaveLength(1);

    // The stored file is as stored: sealed, its plaintext nowhere.
    const tar = gunzipSync(archive);
    const inner = baseUrl ? tar : Buffer.concat([tar, gunzipSync(readTar(tar)[1]!.data)]);
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

    await restoreBackup(config, readFileSync(archivePath));

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
    const refused = await restoreBackup(config, archive).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(BackupRefused);
    expect(refused).toMatchObject({ exitCode: 3, message: expect.stringMatching(/--force/) });

    await restoreBackup(config, archive, { force: true });
    const restored = await connect({ databaseUrl: config.databaseUrl, dataDir, poolSize: 2 });
    expect(await balances(restored)).toEqual(before);
    await restored.close();
  });

  it('refuses a damaged archive, and one made by a newer version', () => {
    const [manifestEntry, ...parts] = readTar(gunzipSync(archive));
    const manifest = JSON.parse(manifestEntry!.data.toString()) as {
      migrations: string[];
      parts: { sha256: string }[];
    };
    const rebuild = (m: object, p = parts) =>
      gzipSync(writeTar([{ name: 'manifest.json', data: Buffer.from(JSON.stringify(m)) }, ...p], new Date()));

    const damaged = parts.map((p, i) =>
      i === 1 ? { ...p, data: Buffer.from(p.data.map((b, j) => (j === 40 ? b ^ 1 : b))) } : p,
    );
    expect(() => openArchive(rebuild(manifest, damaged))).toThrow(/SHA-256/);

    const newer = { ...manifest, migrations: [...manifest.migrations, '9999_from_the_future.sql'] };
    expect(() => openArchive(rebuild(newer))).toThrow(/newer version.*9999_from_the_future/);
    expect(() => openArchive(rebuild({ ...manifest, format: 2 }))).toThrow(/format 2/);
    expect(() => openArchive(Buffer.from('not an archive'))).toThrow(BackupRefused);
    expect(sha256(parts[0]!.data)).toBe(manifest.parts[0]!.sha256);
  });
});
