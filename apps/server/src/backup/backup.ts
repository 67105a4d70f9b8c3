import { createReadStream, existsSync, readdirSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Config } from '../config.ts';
import { readPglite } from '../db/pglite.ts';
import { openPostgres } from '../db/postgres.ts';
import type { Queryable } from '../db/types.ts';
import { SEALED_VALUE_SETS } from '../key-rotation/sealed-values.ts';
import { fileStoreFromConfig } from '../storage/encrypted-files.ts';
import { ArchiveWriter } from './archive-writer.ts';
import {
  BACKUP_FORMAT,
  DATABASE_PART,
  DEMO_CREDENTIALS_FILE,
  DEMO_CREDENTIALS_PART,
  MANIFEST,
  fileDigest,
  sha256,
  type Manifest,
} from './manifest.ts';
import { connectionArgs, pgToolMajor, runPgToolToFile } from './pg-tools.ts';
import { appliedMigrations, exportSnapshot, serverMajorVersion, storedFileKeys } from './queries.ts';

export type BackupConfig = Pick<Config, 'databaseUrl' | 'dataDir' | 'storageUrl'>;

type Part = Manifest['parts'][number];

/** What the database snapshot holds besides itself: its migrations and the stored files it names. */
async function describe(q: Queryable): Promise<{ migrations: string[]; fileKeys: string[] }> {
  const fileKeys: string[] = [];
  for (const set of SEALED_VALUE_SETS.filter((s) => s.purposes.includes('documents')))
    fileKeys.push(...(await storedFileKeys(q, set.table, set.columns[0] as string)));
  return { migrations: await appliedMigrations(q), fileKeys };
}

/** Refuses a pg_dump older than the server: it could not read the server's catalogue. */
export function checkPgDumpVersion(client: number, server: number): void {
  if (client < server)
    throw new Error(
      `pg_dump ${client} cannot dump a PostgreSQL ${server} server: install pg_dump ${server} or later (PG_BIN_DIR names its folder)`,
    );
}

/** pg_dump (custom format) of the snapshot `q` exported, into `path`, while `q`'s transaction stays open. */
async function dumpPostgres(
  url: string,
  q: Queryable,
  path: string,
): Promise<{ size: number; sha256: string }> {
  const snapshot = await exportSnapshot(q); // first: the transaction's isolation is set before any query
  checkPgDumpVersion(await pgToolMajor('pg_dump'), await serverMajorVersion(q));
  return runPgToolToFile(
    'pg_dump',
    [...connectionArgs(url), '--format=custom', '--no-owner', '--no-privileges', `--snapshot=${snapshot}`],
    path,
  );
}

/** Every folder and file under `root`, relative, parents first (a database folder holds nothing else). */
function walk(root: string): { directories: string[]; files: string[] } {
  const directories: string[] = [];
  const files: string[] = [];
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        directories.push(relative(root, path));
        visit(path);
      } else if (entry.isFile()) {
        files.push(relative(root, path));
      } else {
        throw new Error(`${path} is neither a file nor a folder: the embedded database holds no such thing`);
      }
    }
  };
  visit(root);
  return { directories, files };
}

/**
 * One archive (tar, gzip) at `out`, written as it goes, never whole in memory: `manifest.json`
 * first, then the database — the files of $DATA_DIR/db (the embedded database, closed: the data
 * folder is locked by the command) or a pg_dump of the PostgreSQL database's snapshot — then the
 * identity documents' files that state names, as stored (still sealed). The master key is never in
 * it. Owner-only, whole or not at all.
 */
export async function createBackup(config: BackupConfig, now: Date, out: string): Promise<Manifest> {
  const dumpFile = `${out}.${process.pid}.dump.tmp`;
  const writer = new ArchiveWriter(out, now);
  try {
    let database: { kind: 'pglite' | 'postgres'; migrations: string[]; fileKeys: string[] };
    const parts: Part[] = [];
    const sources = new Map<string, string>(); // part → the file on disk it is read from
    let directories: string[] | undefined;
    if (config.databaseUrl) {
      const url = config.databaseUrl;
      const db = await openPostgres(url, 1);
      try {
        database = await db.tx(async (q) => {
          // The snapshot first: the files listed and the dump are of the same state.
          const dump = await dumpPostgres(url, q, dumpFile);
          parts.push({ name: DATABASE_PART.postgres, ...dump });
          sources.set(DATABASE_PART.postgres, dumpFile);
          return { kind: 'postgres' as const, ...(await describe(q)) };
        });
      } finally {
        await db.close();
      }
    } else {
      const dir = join(config.dataDir, 'db');
      if (!existsSync(join(dir, 'PG_VERSION')))
        throw new Error(`no embedded database in ${dir}: check DATA_DIR (or set DATABASE_URL)`);
      database = { kind: 'pglite', ...(await readPglite(dir, describe)) };
      const tree = walk(dir);
      directories = tree.directories.map((d) => `${DATABASE_PART.pglite}/${d}`);
      for (const file of tree.files) {
        const name = `${DATABASE_PART.pglite}/${file}`;
        parts.push({ name, ...(await fileDigest(join(dir, file))) });
        sources.set(name, join(dir, file));
      }
    }

    const demo = join(config.dataDir, DEMO_CREDENTIALS_FILE);
    if (existsSync(demo)) {
      parts.push({ name: DEMO_CREDENTIALS_PART, ...(await fileDigest(demo)) });
      sources.set(DEMO_CREDENTIALS_PART, demo);
    }
    const store = fileStoreFromConfig(config);
    for (const key of database.fileKeys) {
      const bytes = await store.get(key);
      if (!bytes) throw new Error(`stored file ${key} is missing from the file store`);
      parts.push({ name: `files/${key}`, size: bytes.length, sha256: sha256(bytes) });
    }
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      createdAt: now.toISOString(),
      database: database.kind,
      migrations: database.migrations,
      files: database.fileKeys.length,
      parts,
      ...(directories ? { directories } : {}),
    };
    const manifestBytes = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
    await writer.addFile(
      MANIFEST,
      { size: manifestBytes.length, sha256: sha256(manifestBytes) },
      manifestBytes,
    );
    for (const d of directories ?? []) writer.addDirectory(d);
    for (const part of parts) {
      const path = sources.get(part.name);
      if (path) {
        await writer.addFile(part.name, part, createReadStream(path) as AsyncIterable<Buffer>);
      } else {
        const bytes = await store.get(part.name.slice('files/'.length));
        if (!bytes) throw new Error(`stored file ${part.name} vanished during the backup`);
        await writer.addFile(part.name, part, bytes);
      }
    }
    await writer.finish();
    return manifest;
  } catch (error) {
    await writer.abort();
    throw error;
  } finally {
    rmSync(dumpFile, { force: true });
  }
}
