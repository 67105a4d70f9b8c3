import { createHash } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, openAsBlob, readdirSync, rmSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { ReadEntry } from 'tar';
import { makeOwnerOnly, secureDataDir } from '../data-dir.ts';
import { migrationFiles } from '../db/migrate.ts';
import { loadPglite } from '../db/pglite.ts';
import { openPostgres } from '../db/postgres.ts';
import { STORAGE_KEY } from '../storage/file-store.ts';
import { fileStoreFromConfig } from '../storage/encrypted-files.ts';
import { readArchive } from './archive-reader.ts';
import type { BackupConfig } from './backup.ts';
import {
  BackupRefused,
  DATABASE_PART,
  DEMO_CREDENTIALS_FILE,
  DEMO_CREDENTIALS_PART,
  LEGACY_PGLITE_PART,
  MANIFEST,
  READABLE_FORMATS,
  isSafePartName,
  manifestSchema,
  type Manifest,
} from './manifest.ts';
import { connectionArgs, runPgToolFrom } from './pg-tools.ts';
import { dropPublicSchema, publicTableCount } from './queries.ts';

const refuse = (message: string): never => {
  throw new BackupRefused(message, 4);
};

/** manifest.json is small (a few hundred bytes per part): anything much bigger is not one. */
const MANIFEST_MAX_BYTES = 32 * 1024 * 1024;

/** The entry's name as the archive gives it (a folder's without its trailing slash). */
const entryName = (entry: ReadEntry): string =>
  entry.type === 'Directory' ? entry.path.replace(/\/$/, '') : entry.path;

/** Where a part may be: the database (its dump, or the embedded database's files) or a stored file. */
function allowedPlace(name: string, manifest: Manifest): boolean {
  if (name === DATABASE_PART.postgres || name === LEGACY_PGLITE_PART || name === DEMO_CREDENTIALS_PART)
    return true;
  if (name.startsWith(`${DATABASE_PART.pglite}/`)) return manifest.format >= 2;
  return name.startsWith('files/') && STORAGE_KEY.test(name.slice('files/'.length));
}

async function readWhole(entry: ReadEntry, max: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of entry as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > max) refuse(`${entry.path} is too big for what it claims to be`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** The entry's bytes, hashed on the way: `check()` after the last one says whether they are the manifest's. */
function hashed(entry: ReadEntry, part: { size: number; sha256: string }) {
  const hash = createHash('sha256');
  let size = 0;
  return {
    chunks: (async function* () {
      for await (const chunk of entry as AsyncIterable<Buffer>) {
        size += chunk.length;
        hash.update(chunk);
        yield chunk;
      }
    })(),
    matches: () => size === part.size && hash.digest('hex') === part.sha256,
  };
}

/**
 * Reads the whole archive once, writing nothing, and returns its manifest when everything holds:
 * manifest.json first, a format this code reads, only regular files and folders (no link, device
 * or other kind), every name relative and plain (no absolute path, no `..`), at a place a backup
 * uses, each listed once with its size and SHA-256, nothing missing, nothing unlisted, and no
 * migration this code does not know (an archive from a newer version: upgrade Comptoir first).
 * A damaged or truncated archive is refused.
 */
export async function checkArchive(path: string): Promise<Manifest> {
  let manifest: Manifest | null = null;
  let parts = new Map<string, Manifest['parts'][number]>();
  let directories = new Set<string>();
  const seen = new Set<string>();
  try {
    await readArchive(path, async (entry) => {
      const name = entryName(entry);
      if (!manifest) {
        if (name !== MANIFEST || entry.type !== 'File')
          refuse('not a Comptoir backup: no manifest.json first');
        let parsed;
        try {
          parsed = manifestSchema.safeParse(
            JSON.parse((await readWhole(entry, MANIFEST_MAX_BYTES)).toString('utf8')),
          );
        } catch {
          return refuse('manifest.json is not JSON');
        }
        if (!parsed.success)
          return refuse(`manifest.json is not a backup's manifest (${parsed.error.issues[0]?.message})`);
        const m = parsed.data;
        if (!READABLE_FORMATS.includes(m.format))
          refuse(`backup format ${m.format} is not one this version reads (${READABLE_FORMATS.join(', ')})`);
        parts = new Map(m.parts.map((p) => [p.name, p]));
        directories = new Set(m.directories ?? []);
        if (parts.size !== m.parts.length) refuse('the manifest lists a part twice');
        manifest = m;
        return;
      }
      if (entry.type !== 'File' && entry.type !== 'Directory')
        refuse(`${name}: a ${entry.type} entry — a backup holds only files and folders`);
      if (!isSafePartName(name) || !allowedPlace(name, manifest))
        refuse(`${JSON.stringify(name)}: not a place a backup writes to`);
      if (seen.has(name)) refuse(`${name} is in the archive twice`);
      seen.add(name);
      if (entry.type === 'Directory') {
        if (!directories.has(name)) refuse(`the archive holds a folder its manifest does not list: ${name}`);
        return;
      }
      const part = parts.get(name);
      if (!part) return refuse(`the archive holds a part its manifest does not list: ${name}`);
      const body = hashed(entry, part);
      for await (const chunk of body.chunks) void chunk;
      if (!body.matches()) refuse(`${name} does not match its SHA-256: the archive is damaged`);
    });
  } catch (error) {
    if (error instanceof BackupRefused) throw error;
    return refuse(`not a Comptoir backup, or a damaged or truncated one (${(error as Error).message})`);
  }
  const m = manifest as Manifest | null;
  if (!m) return refuse('not a Comptoir backup: the archive is empty');
  for (const name of [...parts.keys(), ...directories])
    if (!seen.has(name)) refuse(`${name} is missing from the archive`);
  const hasDatabase =
    m.database === 'postgres'
      ? parts.has(DATABASE_PART.postgres)
      : parts.has(m.format === 1 ? LEGACY_PGLITE_PART : `${DATABASE_PART.pglite}/PG_VERSION`);
  if (!hasDatabase) refuse('the archive holds no database');
  if ([...parts.keys()].filter((n) => n.startsWith('files/')).length !== m.files)
    refuse('the archive does not hold the number of files its manifest gives');
  const known = new Set(migrationFiles());
  const unknown = m.migrations.filter((name) => !known.has(name));
  if (unknown.length > 0)
    refuse(
      `the backup comes from a newer version of Comptoir (migrations unknown here: ${unknown.join(', ')}): restore it with that version or later`,
    );
  return m;
}

const nonEmptyDir = (dir: string) => existsSync(dir) && readdirSync(dir).length > 0;

/** `root`/`relativePath`, refused if it would land outside `root` (checked names never do). */
function inside(root: string, relativePath: string): string {
  const target = resolve(root, relativePath);
  if (!target.startsWith(`${resolve(root)}${sep}`))
    refuse(`${relativePath} would be written outside ${root}`);
  return target;
}

/**
 * Restores an archive of `createBackup` (the file at `path`) into an empty target: the embedded
 * database in $DATA_DIR/db (or the PostgreSQL database of DATABASE_URL) and the file store. The
 * archive is checked whole first (checkArchive): nothing is written unless it holds. A target holding
 * data is refused, unless `force`, which empties it first. Then the archive is read again and
 * streamed into place. Migrations newer than the backup run at the next start, as after any
 * upgrade. The master key is not restored: it must be the one the backup was made under (or be
 * accepted with it, MASTER_KEY_PREVIOUS).
 */
export async function restoreBackup(
  config: BackupConfig,
  path: string,
  options: { force?: boolean } = {},
): Promise<Manifest> {
  const manifest = await checkArchive(path);
  const target = config.databaseUrl ? 'postgres' : 'pglite';
  if (manifest.database !== target)
    refuse(
      manifest.database === 'postgres'
        ? 'this is a backup of a PostgreSQL database: set DATABASE_URL to the (empty) database to restore into'
        : 'this is a backup of the embedded database: unset DATABASE_URL to restore it into DATA_DIR',
    );
  const dbDir = join(config.dataDir, 'db');
  const filesDir = join(config.dataDir, 'files');
  const parts = new Map(manifest.parts.map((p) => [p.name, p]));
  const store = fileStoreFromConfig(config);
  const legacyTarball = join(config.dataDir, `restore-${process.pid}.tar.gz.tmp`);

  const pg = config.databaseUrl ? await openPostgres(config.databaseUrl, 1) : undefined;
  try {
    const notEmpty: string[] = [];
    if (pg && (await publicTableCount(pg)) > 0) notEmpty.push('the PostgreSQL database has tables');
    if (!pg && nonEmptyDir(dbDir)) notEmpty.push(`${dbDir} is not empty`);
    if (!config.storageUrl && nonEmptyDir(filesDir)) notEmpty.push(`${filesDir} is not empty`);
    if (notEmpty.length > 0 && !options.force)
      throw new BackupRefused(`refused: ${notEmpty.join('; ')} (restore with --force to replace it)`, 3);

    secureDataDir(config.dataDir);
    if (options.force) {
      if (pg) await dropPublicSchema(pg);
      else rmSync(dbDir, { recursive: true, force: true });
      if (!config.storageUrl) rmSync(filesDir, { recursive: true, force: true });
    }
    if (!pg) secureDataDir(dbDir);

    await readArchive(path, async (entry) => {
      const name = entryName(entry);
      if (name === MANIFEST) return;
      if (entry.type === 'Directory') {
        mkdirSync(inside(dbDir, name.slice(DATABASE_PART.pglite.length + 1)), {
          recursive: true,
          mode: 0o700,
        });
        return;
      }
      const part = parts.get(name);
      if (!part) return refuse(`${name} was not in the archive checked: it changed meanwhile`);
      const body = hashed(entry, part);
      if (name === DATABASE_PART.postgres) {
        await runPgToolFrom(
          'pg_restore',
          [
            ...connectionArgs(config.databaseUrl as string),
            '--no-owner',
            '--no-privileges',
            '--exit-on-error',
            '--single-transaction',
          ],
          body.chunks,
        );
      } else if (name === DEMO_CREDENTIALS_PART) {
        const file = join(config.dataDir, DEMO_CREDENTIALS_FILE);
        rmSync(file, { force: true });
        await pipeline(body.chunks, createWriteStream(file, { mode: 0o600, flags: 'wx' }));
      } else if (name === LEGACY_PGLITE_PART) {
        await pipeline(body.chunks, createWriteStream(legacyTarball, { mode: 0o600, flags: 'wx' }));
      } else if (name.startsWith(`${DATABASE_PART.pglite}/`)) {
        const file = inside(dbDir, name.slice(DATABASE_PART.pglite.length + 1));
        mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
        await pipeline(body.chunks, createWriteStream(file, { mode: 0o600, flags: 'wx' }));
      } else {
        const chunks: Buffer[] = [];
        for await (const chunk of body.chunks) chunks.push(chunk);
        if (body.matches()) await store.put(name.slice('files/'.length), Buffer.concat(chunks));
        else refuse(`${name} changed since the archive was checked`);
        return;
      }
      if (!body.matches()) refuse(`${name} changed since the archive was checked: the restore is incomplete`);
    });
    if (manifest.database === 'pglite' && manifest.format === 1)
      await loadPglite(dbDir, await openAsBlob(legacyTarball));
    if (!pg) makeOwnerOnly(dbDir);
  } finally {
    rmSync(legacyTarball, { force: true });
    await pg?.close();
  }
  return manifest;
}
