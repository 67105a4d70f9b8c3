import { createHash } from 'node:crypto';

/** Bumped when the archive's layout changes; a restore refuses a format it does not know. */
export const BACKUP_FORMAT = 1;

export const sha256 = (data: Buffer): string => createHash('sha256').update(data).digest('hex');

/** `manifest.json`, first in the archive. Never holds a key, only what checks the rest. */
export interface Manifest {
  format: number;
  createdAt: string;
  database: 'pglite' | 'postgres';
  /** The migrations applied to the database copied, in order. */
  migrations: string[];
  files: number;
  /** Every other entry of the archive: name, size in bytes, SHA-256 (hex). */
  parts: { name: string; size: number; sha256: string }[];
}

export const DATABASE_PART = {
  pglite: 'database/pglite.tar.gz',
  postgres: 'database/postgres.dump',
} as const;

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
