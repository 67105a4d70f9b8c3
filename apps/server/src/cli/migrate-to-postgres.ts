import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { loadMasterKey, masterKeyFiles } from '../crypto/master-key.ts';
import { secureDataDir } from '../data-dir.ts';
import { lockDataDirOrExit } from '../data-dir-lock.ts';
import { connect } from '../db/connect.ts';
import { MoveRefused, moveToPostgres } from '../move-to-postgres/index.ts';
import { fileStoreFromConfig } from '../storage/encrypted-files.ts';

/**
 * `npm run migrate-to-postgres -- DATABASE_URL`: moves the embedded database of DATA_DIR into an
 * empty PostgreSQL database, then checks it (docs/operations.md#moving-to-postgresql). With
 * MIGRATION_DATABASE_URL set, that role owns the schema and DATABASE_URL's is granted its rights.
 * The data folder is locked meanwhile. Exit codes: 0 moved and checked, 1 failed or a check does not
 * hold, 2 bad usage, 3 refused (the target holds data, or its role may not copy), 75 data folder in use.
 */
let target: string | undefined;
try {
  const { positionals } = parseArgs({
    args: process.argv.slice(2).filter((a, i) => !(i === 0 && a === '--')),
    allowPositionals: true,
  });
  if (positionals.length === 1 && /^postgres(ql)?:\/\//.test(positionals[0]!)) target = positionals[0];
} catch (error) {
  console.error((error as Error).message);
}
if (!target) {
  console.error('usage: npm run migrate-to-postgres -- postgres://USER:PASSWORD@HOST:PORT/DATABASE');
  process.exit(2);
}

// The source is the embedded database of DATA_DIR, whatever DATABASE_URL the environment holds.
const config = loadConfig({ ...process.env, DATABASE_URL: '', MIGRATION_DATABASE_URL: '' });
const migrationDatabaseUrl = process.env.MIGRATION_DATABASE_URL || undefined;
const dbDir = join(config.dataDir, 'db');
if (!existsSync(join(dbDir, 'PG_VERSION'))) {
  console.error(`no embedded database in ${dbDir}: set DATA_DIR to the data folder to move`);
  process.exit(2);
}
secureDataDir(config.dataDir);
lockDataDirOrExit(config, 'npm run migrate-to-postgres');

const shown = (url: string) => {
  const u = new URL(url);
  return `${u.hostname}${u.port ? `:${u.port}` : ''}${u.pathname}`;
};

const source = await connect({ dataDir: config.dataDir });
try {
  const masterKey = loadMasterKey(config.masterKey, config.dataDir, config.masterKeyPrevious);
  const result = await moveToPostgres({
    source,
    target: { databaseUrl: target, migrationDatabaseUrl },
    dataDir: config.dataDir,
    store: fileStoreFromConfig(config),
    masterKey,
  });
  console.log(
    `moved ${dbDir} into PostgreSQL ${shown(target)}: ${result.tables} tables, ${result.rows} rows (${result.written} copied)`,
  );
  if (result.countMismatches.length === 0) console.log('row counts: the same in every table');
  else for (const m of result.countMismatches) console.error(`ROW COUNT MISMATCH ${m}`);
  if (result.ledger.violations.length === 0) {
    console.log(
      `ledger ok: ${result.ledger.accounts} accounts, ${result.ledger.entries} entries, every invariant holds`,
    );
  } else {
    for (const v of result.ledger.violations) console.error(`VIOLATION ${v.rule}: ${v.detail}`);
    console.error(`ledger broken: ${result.ledger.violations.length} violation(s)`);
  }
  (result.audit.ok ? console.log : console.error)(result.audit.line);
  if (!result.ok) {
    console.error(
      'the move does not check out: do not start on that database (drop it); keep running on the embedded one',
    );
    process.exitCode = 1;
  } else {
    const key = config.masterKey
      ? 'the master key: MASTER_KEY, as now'
      : `the master key: ${masterKeyFiles(config.dataDir).current} — keep DATA_DIR=${config.dataDir}, or give its content as MASTER_KEY`;
    const files = config.storageUrl
      ? 'the stored files: STORAGE_URL, as now'
      : `the stored files: ${join(config.dataDir, 'files')} — keep DATA_DIR=${config.dataDir}, or copy that folder to the new one`;
    console.log(
      [
        'The database is moved; the master key and the stored files are not in it. Start the server with:',
        `  DATABASE_URL=${target.replace(/\/\/[^@/]*@/, '//…@')}${migrationDatabaseUrl ? ' and MIGRATION_DATABASE_URL, as given here' : ''}`,
        `  ${key}`,
        `  ${files}`,
        `The embedded database in ${dbDir} is left as it was: remove it once the server runs on PostgreSQL.`,
      ].join('\n'),
    );
  }
} catch (error) {
  if (error instanceof MoveRefused) {
    console.error(error.message);
    process.exitCode = 3;
  } else {
    console.error(`move failed: ${(error as Error).message}`);
    process.exitCode = 1;
  }
} finally {
  await source.close();
}
