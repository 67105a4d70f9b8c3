import { linkSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The data folder's lock: the embedded database (PGlite, $DATA_DIR/db) is one process's only, so
 * the server and every command that opens it (backup, restore, master-key rotation, ledger check,
 * operator creation, the move to PostgreSQL) holds $DATA_DIR/comptoir.lock for its whole life. The
 * file is created exclusively (a hard link, which fails like O_EXCL when the name exists) and names its holder (PID, command); it is removed when the
 * process ends. A lock whose process is gone (killed, crashed) is taken over.
 */
export const LOCK_FILE = 'comptoir.lock';

export interface LockHolder {
  pid: number;
  command: string;
  since: string;
}

export class DataDirLocked extends Error {
  override name = 'DataDirLocked';
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder,
  ) {
    super(
      [
        `Le dossier de données ${dataDir} est déjà utilisé par « ${holder.command} » (PID ${holder.pid}, depuis ${holder.since}).`,
        `The data folder ${dataDir} is in use by "${holder.command}" (PID ${holder.pid}, since ${holder.since}).`,
        `Stop that process first (the server: Ctrl-C or SIGTERM), or wait for the command to end, then run this again. If no process ${holder.pid} is running, delete ${join(dataDir, LOCK_FILE)}.`,
      ].join('\n'),
    );
  }
}

/** Locks held by this process, by data folder: taking one again only counts (tests start several servers). */
const held = new Map<string, { file: string; count: number }>();
let exitHooked = false;

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists, owned by another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

const readHolder = (file: string): LockHolder | null => {
  try {
    const holder = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockHolder>;
    return typeof holder.pid === 'number' && Number.isInteger(holder.pid) && holder.pid > 0
      ? { pid: holder.pid, command: String(holder.command), since: String(holder.since) }
      : null;
  } catch {
    return null; // unreadable, half-written: no living holder can be named
  }
};

const errno = (error: unknown): string | undefined => (error as NodeJS.ErrnoException).code;

/**
 * Takes the data folder's lock for this process (the folder must exist), or throws DataDirLocked
 * naming the living holder. Returns the release (also done when the process exits).
 */
export function lockDataDir(dataDir: string, command: string): () => void {
  const file = join(dataDir, LOCK_FILE);
  const mine = held.get(file);
  if (mine) {
    mine.count += 1;
    return once(() => release(file));
  }
  const me: LockHolder = { pid: process.pid, command, since: new Date().toISOString() };
  for (let attempt = 0; attempt < 5; attempt++) {
    if (create(file, me)) {
      held.set(file, { file, count: 1 });
      if (!exitHooked) process.on('exit', releaseAll);
      exitHooked = true;
      return once(() => release(file));
    }
    const holder = readHolder(file);
    if (holder && holder.pid !== process.pid && alive(holder.pid)) throw new DataDirLocked(dataDir, holder);
    takeOverStale(file, holder);
  }
  throw new Error(`could not take the lock ${file}: it keeps changing hands`);
}

/**
 * Creates the lock file whole or not at all: written under a name of its own, then linked to the
 * lock's name (link, like O_EXCL, fails when the name exists) — a reader never sees it half-written.
 */
function create(file: string, me: LockHolder): boolean {
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, JSON.stringify(me), { mode: 0o600 });
  try {
    linkSync(temp, file);
    return true;
  } catch (error) {
    if (errno(error) !== 'EEXIST') throw error;
    return false;
  } finally {
    unlinkSync(temp);
  }
}

/**
 * Moves a stale lock aside, atomically (rename), then checks the file moved is the one judged
 * stale: if another process replaced it meanwhile, it is put back (link: never over a new one).
 */
function takeOverStale(file: string, judged: LockHolder | null): void {
  const aside = `${file}.stale-${process.pid}`;
  try {
    renameSync(file, aside);
  } catch (error) {
    if (errno(error) === 'ENOENT') return; // gone already: try again
    throw error;
  }
  const moved = readHolder(aside);
  if (moved && judged && moved.pid === judged.pid && moved.since === judged.since) {
    unlinkSync(aside);
    return;
  }
  if (moved && alive(moved.pid)) {
    try {
      linkSync(aside, file);
    } finally {
      unlinkSync(aside);
    }
    throw new DataDirLocked(file.slice(0, -LOCK_FILE.length - 1), moved);
  }
  unlinkSync(aside);
}

function release(file: string): void {
  const mine = held.get(file);
  if (!mine) return;
  mine.count -= 1;
  if (mine.count > 0) return;
  held.delete(file);
  if (readHolder(file)?.pid === process.pid) unlinkSync(file);
}

function releaseAll(): void {
  for (const file of [...held.keys()]) {
    held.set(file, { file, count: 1 });
    try {
      release(file);
    } catch {
      // exiting: nothing more to do
    }
  }
}

const once = (fn: () => void): (() => void) => {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    fn();
  };
};

/** Exit code of a command refused because the data folder is in use (EX_TEMPFAIL: try again later). */
export const EXIT_DATA_DIR_LOCKED = 75;

/**
 * For a command line: takes the lock of the data folder when the embedded database is in use
 * (no DATABASE_URL), or prints who holds it and exits 75.
 */
export function lockDataDirOrExit(
  config: { dataDir: string; databaseUrl?: string | undefined },
  command: string,
): void {
  if (config.databaseUrl) return;
  try {
    lockDataDir(config.dataDir, command);
  } catch (error) {
    if (!(error instanceof DataDirLocked)) throw error;
    console.error(error.message);
    process.exit(EXIT_DATA_DIR_LOCKED);
  }
}
