import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { BackupRefused, restoreBackup } from '../backup/index.ts';
import { loadConfig } from '../config.ts';
import { secureDataDir } from '../data-dir.ts';
import { lockDataDirOrExit } from '../data-dir-lock.ts';

/**
 * `npm run restore -- FILE [--force]`: puts a backup back into an empty target (DATA_DIR, or the
 * database of DATABASE_URL, and the file store), after checking it (docs/operations.md#restore).
 * Exit codes: 0 restored, 1 failed, 2 bad usage, 3 target not empty (see --force), 4 archive refused.
 */
let file: string | undefined;
let force = false;
try {
  const { values, positionals } = parseArgs({
    args: process.argv.slice(2).filter((a, i) => !(i === 0 && a === '--')),
    options: { force: { type: 'boolean' } },
    allowPositionals: true,
  });
  if (positionals.length === 1) file = positionals[0];
  force = values.force ?? false;
} catch (error) {
  console.error((error as Error).message);
}
if (!file) {
  console.error('usage: npm run restore -- FILE [--force]');
  process.exit(2);
}

const config = loadConfig();
secureDataDir(config.dataDir);
lockDataDirOrExit(config, 'npm run restore');
try {
  const manifest = await restoreBackup(config, resolve(file), { force });
  console.log(
    `restored the backup of ${manifest.createdAt}: ${manifest.database} database (${manifest.migrations.length} migrations), ${manifest.files} files. Start the server with the master key the backup was made under.`,
  );
} catch (error) {
  console.error(
    error instanceof BackupRefused ? error.message : `restore failed: ${(error as Error).message}`,
  );
  process.exitCode = error instanceof BackupRefused ? error.exitCode : 1;
}
