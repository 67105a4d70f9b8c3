import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createBackup } from '../backup/index.ts';
import { loadConfig } from '../config.ts';
import { secureDataDir } from '../data-dir.ts';
import { lockDataDirOrExit } from '../data-dir-lock.ts';

/**
 * `npm run backup -- --out FILE`: the database and the stored files in one archive, owner-only
 * (docs/operations.md#backups). Never the master key: keep it elsewhere. With the embedded
 * database the data folder is locked: refused (75) while the server runs. Exit codes: 0 written,
 * 1 failed, 2 bad usage, 75 data folder in use.
 */
let out: string | undefined;
try {
  const { values } = parseArgs({
    args: process.argv.slice(2).filter((a, i) => !(i === 0 && a === '--')),
    options: { out: { type: 'string' } },
  });
  out = values.out;
} catch (error) {
  console.error((error as Error).message);
}
if (!out) {
  console.error('usage: npm run backup -- --out FILE');
  process.exit(2);
}

const config = loadConfig();
secureDataDir(config.dataDir);
lockDataDirOrExit(config, 'npm run backup');
const started = Date.now();
try {
  const manifest = await createBackup(config, new Date(), resolve(out));
  console.log(
    `backup written to ${resolve(out)}: ${manifest.database} database (${manifest.migrations.length} migrations), ${manifest.files} files, ${statSync(resolve(out)).size} bytes in ${Date.now() - started} ms`,
  );
  console.log(
    'The master key is not in it: keep it apart from the backups (docs/operations.md#key-custody).',
  );
} catch (error) {
  console.error(`backup failed: ${(error as Error).message}`);
  process.exitCode = 1;
}
