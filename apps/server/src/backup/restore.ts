import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { makeOwnerOnly, secureDataDir } from '../data-dir.ts';
import { migrationFiles } from '../db/migrate.ts';
import { loadPglite } from '../db/pglite.ts';
import { openPostgres } from '../db/postgres.ts';
import { fileStoreFromConfig } from '../storage/encrypted-files.ts';
import type { BackupConfig } from './backup.ts';
import { BACKUP_FORMAT, BackupRefused, DATABASE_PART, sha256, type Manifest } from './manifest.ts';
import { connectionArgs, runPgTool } from './pg-tools.ts';
import { dropPublicSchema, publicTableCount } from './queries.ts';
import { readTar } from './tar.ts';

const refuse = (message: string): never => {
  throw new BackupRefused(message, 4);
};

/**
 * The archive's manifest and parts, once checked: a format this code reads, every part present
 * with its SHA-256, nothing unlisted, and no migration this code does not know (an archive from a
 * newer version: upgrade Comptoir first).
 */
export function openArchive(archive: Buffer): { manifest: Manifest; parts: Map<string, Buffer> } {
  let entries;
  try {
    entries = readTar(gunzipSync(archive));
  } catch (error) {
    return refuse(`not a Comptoir backup (${(error as Error).message})`);
  }
  const [first, ...rest] = entries;
  if (first?.name !== 'manifest.json') return refuse('not a Comptoir backup: no manifest.json first');
  let manifest: Manifest;
  try {
    manifest = JSON.parse(first.data.toString('utf8')) as Manifest;
  } catch {
    return refuse('manifest.json is not JSON');
  }
  if (manifest.format !== BACKUP_FORMAT)
    refuse(`backup format ${String(manifest.format)} is not the one this version reads (${BACKUP_FORMAT})`);
  const parts = new Map(rest.map((e) => [e.name, e.data]));
  if (parts.size !== manifest.parts.length) refuse('the archive holds parts its manifest does not list');
  for (const part of manifest.parts) {
    const data = parts.get(part.name);
    if (!data) refuse(`${part.name} is missing from the archive`);
    else if (data.length !== part.size || sha256(data) !== part.sha256)
      refuse(`${part.name} does not match its SHA-256: the archive is damaged`);
  }
  if (!parts.has(DATABASE_PART[manifest.database])) refuse('the archive holds no database');
  if ([...parts.keys()].filter((n) => n.startsWith('files/')).length !== manifest.files)
    refuse('the archive does not hold the number of files its manifest gives');
  const known = new Set(migrationFiles());
  const unknown = manifest.migrations.filter((m) => !known.has(m));
  if (unknown.length > 0)
    refuse(
      `the backup comes from a newer version of Comptoir (migrations unknown here: ${unknown.join(', ')}): restore it with that version or later`,
    );
  return { manifest, parts };
}

const nonEmptyDir = (dir: string) => existsSync(dir) && readdirSync(dir).length > 0;

/**
 * Restores an archive of `createBackup` into an empty target: the embedded database in
 * $DATA_DIR/db (or the PostgreSQL database of DATABASE_URL) and the file store. A target holding
 * data is refused, unless `force`, which empties it first. Migrations newer than the backup run
 * at the next start, as after any upgrade. The master key is not restored: it must be the one the
 * backup was made under (or be accepted with it, MASTER_KEY_PREVIOUS).
 */
export async function restoreBackup(
  config: BackupConfig,
  archive: Buffer,
  options: { force?: boolean } = {},
): Promise<Manifest> {
  const { manifest, parts } = openArchive(archive);
  const target = config.databaseUrl ? 'postgres' : 'pglite';
  if (manifest.database !== target)
    refuse(
      manifest.database === 'postgres'
        ? 'this is a backup of a PostgreSQL database: set DATABASE_URL to the (empty) database to restore into'
        : 'this is a backup of the embedded database: unset DATABASE_URL to restore it into DATA_DIR',
    );
  const dump = parts.get(DATABASE_PART[manifest.database]) as Buffer;
  const dbDir = join(config.dataDir, 'db');
  const filesDir = join(config.dataDir, 'files');
  const notEmpty: string[] = [];

  const pg = config.databaseUrl ? await openPostgres(config.databaseUrl, 1) : undefined;
  try {
    if (pg && (await publicTableCount(pg)) > 0) notEmpty.push('the PostgreSQL database has tables');
    if (!pg && nonEmptyDir(dbDir)) notEmpty.push(`${dbDir} is not empty`);
    if (!config.storageUrl && nonEmptyDir(filesDir)) notEmpty.push(`${filesDir} is not empty`);
    if (notEmpty.length > 0 && !options.force)
      throw new BackupRefused(`refused: ${notEmpty.join('; ')} (restore with --force to replace it)`, 3);

    secureDataDir(config.dataDir);
    if (pg) {
      if (options.force) await dropPublicSchema(pg);
      await runPgTool(
        'pg_restore',
        [
          ...connectionArgs(config.databaseUrl as string),
          '--no-owner',
          '--no-privileges',
          '--exit-on-error',
          '--single-transaction',
        ],
        dump,
      );
    } else {
      if (options.force) rmSync(dbDir, { recursive: true, force: true });
      secureDataDir(dbDir);
      await loadPglite(dbDir, dump);
      makeOwnerOnly(dbDir);
    }
  } finally {
    await pg?.close();
  }

  if (options.force && !config.storageUrl) rmSync(filesDir, { recursive: true, force: true });
  const store = fileStoreFromConfig(config);
  for (const [name, data] of parts) if (name.startsWith('files/')) await store.put(name.slice(6), data);
  return manifest;
}
