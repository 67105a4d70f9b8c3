import { chmodSync, existsSync, renameSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import type { Config } from '../config.ts';
import { dumpPglite } from '../db/pglite.ts';
import { openPostgres } from '../db/postgres.ts';
import type { Queryable } from '../db/types.ts';
import { join } from 'node:path';
import { SEALED_VALUE_SETS } from '../key-rotation/index.ts';
import { fileStoreFromConfig } from '../storage/encrypted-files.ts';
import { BACKUP_FORMAT, DATABASE_PART, sha256, type Manifest } from './manifest.ts';
import { connectionArgs, pgToolMajor, runPgTool } from './pg-tools.ts';
import { appliedMigrations, exportSnapshot, serverMajorVersion, storedFileKeys } from './queries.ts';
import { writeTar, type TarEntry } from './tar.ts';

export type BackupConfig = Pick<Config, 'databaseUrl' | 'dataDir' | 'storageUrl'>;

/** What the database snapshot holds besides itself: its migrations and the stored files it names. */
async function describe(q: Queryable): Promise<{ migrations: string[]; fileKeys: string[] }> {
  const fileKeys: string[] = [];
  for (const set of SEALED_VALUE_SETS.filter((s) => s.purposes.includes('documents')))
    fileKeys.push(...(await storedFileKeys(q, set.table, set.columns[0] as string)));
  return { migrations: await appliedMigrations(q), fileKeys };
}

/** pg_dump (custom format) of the snapshot `q` exported, while `q`'s transaction stays open. */
async function dumpPostgres(url: string, q: Queryable): Promise<Buffer> {
  const snapshot = await exportSnapshot(q); // first: the transaction's isolation is set before any query
  const [client, server] = [await pgToolMajor('pg_dump'), await serverMajorVersion(q)];
  if (client < server)
    throw new Error(
      `pg_dump ${client} cannot dump a PostgreSQL ${server} server: install pg_dump ${server} or later`,
    );
  return runPgTool('pg_dump', [
    ...connectionArgs(url),
    '--format=custom',
    '--no-owner',
    '--no-privileges',
    `--snapshot=${snapshot}`,
  ]);
}

/**
 * One archive (tar, gzip) of the database — PGlite's tarball of $DATA_DIR/db, or pg_dump of the
 * PostgreSQL database, both a consistent snapshot — and of the identity documents' files that
 * snapshot names, as stored (still sealed). The master key is never in it. `manifest.json` first.
 */
export async function createBackup(
  config: BackupConfig,
  now: Date,
): Promise<{ archive: Buffer; manifest: Manifest }> {
  let database: { kind: 'pglite' | 'postgres'; dump: Buffer; migrations: string[]; fileKeys: string[] };
  if (config.databaseUrl) {
    const url = config.databaseUrl;
    const db = await openPostgres(url, 1);
    try {
      database = await db.tx(async (q) => {
        // The snapshot first: the files listed and the dump are of the same state.
        const dump = await dumpPostgres(url, q);
        return { kind: 'postgres' as const, dump, ...(await describe(q)) };
      });
    } finally {
      await db.close();
    }
  } else {
    const dir = join(config.dataDir, 'db');
    if (!existsSync(join(dir, 'PG_VERSION')))
      throw new Error(`no embedded database in ${dir}: check DATA_DIR (or set DATABASE_URL)`);
    const { tarball, value } = await dumpPglite(dir, describe);
    database = { kind: 'pglite', dump: tarball, ...value };
  }

  const store = fileStoreFromConfig(config);
  const entries: TarEntry[] = [{ name: DATABASE_PART[database.kind], data: database.dump }];
  for (const key of database.fileKeys) {
    const bytes = await store.get(key);
    if (!bytes) throw new Error(`stored file ${key} is missing from the file store`);
    entries.push({ name: `files/${key}`, data: bytes });
  }
  const manifest: Manifest = {
    format: BACKUP_FORMAT,
    createdAt: now.toISOString(),
    database: database.kind,
    migrations: database.migrations,
    files: database.fileKeys.length,
    parts: entries.map((e) => ({ name: e.name, size: e.data.length, sha256: sha256(e.data) })),
  };
  const manifestEntry = {
    name: 'manifest.json',
    data: Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`),
  };
  return { archive: gzipSync(writeTar([manifestEntry, ...entries], now)), manifest };
}

/** Writes `archive` to `path`, owner-only (0600), whole or not at all (temporary name, then rename). */
export function writeArchive(path: string, archive: Buffer): void {
  const temp = `${path}.${process.pid}.tmp`;
  writeFileSync(temp, archive, { mode: 0o600, flag: 'wx' });
  chmodSync(temp, 0o600);
  renameSync(temp, path);
}
