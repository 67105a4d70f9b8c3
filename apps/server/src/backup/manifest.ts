import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { z } from 'zod';

/**
 * Bumped when the archive's layout changes; a restore refuses a format it does not read.
 * 1: the embedded database as PGlite's own tarball (`database/pglite.tar.gz`), read whole;
 * 2: the embedded database as its folder's files (`database/pglite/…`), streamed.
 */
export const BACKUP_FORMAT = 2;
export const READABLE_FORMATS: readonly number[] = [1, 2];

export const sha256 = (data: Buffer): string => createHash('sha256').update(data).digest('hex');

/** Size and SHA-256 of a file on disk, read as a stream. */
export async function fileDigest(path: string): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) {
    size += chunk.length;
    hash.update(chunk);
  }
  return { size, sha256: hash.digest('hex') };
}

/** A part's name: relative, `/`-separated, plain characters, no `.` or `..` segment. */
const PART_NAME = /^(?!.*(?:^|\/)\.{1,2}(?:\/|$))[A-Za-z0-9._+-]+(?:\/[A-Za-z0-9._+-]+)*$/;
export const isSafePartName = (name: string): boolean => PART_NAME.test(name) && name.length < 4096;

const partName = z.string().refine(isSafePartName, 'unsafe part name');

/** `manifest.json`, first in the archive. Never holds a key, only what checks the rest. */
export const manifestSchema = z.object({
  format: z.number().int(),
  createdAt: z.string(),
  database: z.enum(['pglite', 'postgres']),
  /** The migrations applied to the database copied, in order. */
  migrations: z.array(z.string()),
  files: z.number().int().nonnegative(),
  /** Every other file of the archive: name, size in bytes, SHA-256 (hex). */
  parts: z.array(z.object({ name: partName, size: z.number().int().nonnegative(), sha256: z.string() })),
  /** The folders of the embedded database (format 2), empty ones included. */
  directories: z.array(partName).optional(),
});
export type Manifest = z.infer<typeof manifestSchema>;

export const MANIFEST = 'manifest.json';
/** Where the database is in the archive: the dump, or (embedded, format 2) the folder holding its files. */
export const DATABASE_PART = {
  pglite: 'database/pglite',
  postgres: 'database/postgres.dump',
} as const;
/**
 * The sandbox demo's credentials ($DATA_DIR/demo-credentials.json, a sandbox's only): carried so a
 * restored sandbox prints them again rather than seeding its demo a second time.
 */
export const DEMO_CREDENTIALS_PART = 'sandbox/demo-credentials.json';
export const DEMO_CREDENTIALS_FILE = 'demo-credentials.json';
/** Format 1's embedded database: PGlite's tarball. */
export const LEGACY_PGLITE_PART = 'database/pglite.tar.gz';

export class BackupRefused extends Error {
  override name = 'BackupRefused';
  constructor(
    message: string,
    /** Exit code of the command line: 3 target not empty, 4 archive refused. */
    readonly exitCode: 3 | 4,
  ) {
    super(message);
  }
}
