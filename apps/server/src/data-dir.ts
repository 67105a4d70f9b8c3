import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The data folder ($DATA_DIR: the embedded database and its WAL, master.key, identity documents) is
 * the owner's only. New files get no group/other bits (umask 077), the folder is 0700, and whatever
 * an earlier version or PGlite left readable (PGlite writes its files 0644/0666 whatever the umask)
 * is brought back to 0700 folders and 0600 files. Called before anything is written there, and again
 * once the embedded database has created its files.
 */
export function secureDataDir(dir: string): void {
  restrictNewFiles();
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  makeOwnerOnly(dir);
}

/** `umask 077` for this process: every file it creates from now on is the owner's only. */
export function restrictNewFiles(): void {
  process.umask(0o077);
}

/** chmod -R to owner-only (folders 0700, files 0600); symbolic links are left alone, never followed. */
export function makeOwnerOnly(path: string): void {
  const stat = lstatSync(path);
  if (stat.isSymbolicLink()) return;
  if (stat.isDirectory()) {
    if ((stat.mode & 0o7777) !== 0o700) chmodSync(path, 0o700);
    for (const name of readdirSync(path)) makeOwnerOnly(join(path, name));
  } else if ((stat.mode & 0o7777) !== 0o600) {
    chmodSync(path, 0o600);
  }
}
