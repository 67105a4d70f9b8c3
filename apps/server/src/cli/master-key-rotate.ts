import { randomBytes } from 'node:crypto';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { systemClock } from '../clock.ts';
import { acceptOlderKeys, keyIdHex, keyring } from '../crypto/keyring.ts';
import {
  decodeKey,
  halfRotated,
  loadMasterKey,
  masterKeyFiles,
  readKeyFile,
  swapKeyFiles,
} from '../crypto/master-key.ts';
import { secureDataDir } from '../data-dir.ts';
import { lockDataDirOrExit } from '../data-dir-lock.ts';
import { connect } from '../db/connect.ts';
import { RotationRefused, rotateMasterKey, rotationFinished } from '../key-rotation/index.ts';
import { fileStoreFromConfig } from '../storage/encrypted-files.ts';

/**
 * `npm run master-key:rotate`: moves every sealed value to a new master key (docs/operations.md#master-key-rotation).
 * The new key: NEW_MASTER_KEY or `--new-key-file FILE`; else, embedded, master.key.new left by an
 * interrupted run, or a new random one; else, with MASTER_KEY_PREVIOUS set, MASTER_KEY itself.
 * `--forget-old` deletes master.key.old once the rotation away from it has finished.
 * Exit codes: 0 done, 1 failed (run it again: it resumes), 2 bad usage, 3 refused.
 */
const fail = (code: number, message: string): never => {
  console.error(message);
  process.exit(code);
};

const { values } = (() => {
  try {
    return parseArgs({
      args: process.argv.slice(2).filter((a, i) => !(i === 0 && a === '--')),
      options: { 'new-key-file': { type: 'string' }, 'forget-old': { type: 'boolean' } },
    });
  } catch (error) {
    return fail(
      2,
      `${(error as Error).message}\nusage: npm run master-key:rotate [-- --new-key-file FILE | --forget-old]`,
    );
  }
})();

const config = loadConfig();
secureDataDir(config.dataDir);
const embedded = !config.masterKey;
// The key files or the embedded database live in the data folder: no server may run meanwhile.
lockDataDirOrExit(
  { dataDir: config.dataDir, databaseUrl: embedded ? undefined : config.databaseUrl },
  'npm run master-key:rotate',
);
const files = masterKeyFiles(config.dataDir);
/** A rotation stopped between its renames (master.key gone): master.key.old is the key it rotates from. */
const resumedKey = (): Buffer => {
  if (!existsSync(files.next) || !existsSync(files.old))
    return fail(
      3,
      `refused: ${files.current} is missing and so is ${existsSync(files.old) ? files.next : files.old}: put the key back from your copy`,
    );
  const key = readKeyFile(files.old);
  acceptOlderKeys(key, [readKeyFile(files.next)]);
  console.log(`${files.current} is missing: finishing the rotation that stopped before renaming the keys`);
  return key;
};
const current =
  embedded && halfRotated(config.dataDir)
    ? resumedKey()
    : loadMasterKey(config.masterKey, config.dataDir, config.masterKeyPrevious);

if (values['forget-old']) {
  if (!embedded || !existsSync(files.old)) fail(2, `nothing to forget: no ${files.old}`);
  const db = await connect({
    databaseUrl: config.databaseUrl,
    migrationDatabaseUrl: config.migrationDatabaseUrl,
    dataDir: config.dataDir,
    poolSize: 2,
  });
  const finished = await rotationFinished(db, keyIdHex(current));
  await db.close();
  if (!finished) fail(3, 'refused: the rotation to the current key has not finished');
  rmSync(files.old);
  console.log(`deleted ${files.old}: backups made before the rotation now need your own copy of it`);
  process.exit(0);
}

const given = process.env.NEW_MASTER_KEY
  ? decodeKey(process.env.NEW_MASTER_KEY)
  : values['new-key-file']
    ? readKeyFile(values['new-key-file'])
    : undefined;
let target: Buffer;
if (embedded) {
  const staged = existsSync(files.next) ? readKeyFile(files.next) : undefined;
  if (staged && given && !staged.equals(given))
    fail(
      3,
      `refused: ${files.next} holds another new key (an interrupted rotation): run again without a new key to finish it`,
    );
  if (!staged && existsSync(files.old))
    fail(
      3,
      `refused: ${files.old} is still there; once no backup needs it: npm run master-key:rotate -- --forget-old`,
    );
  target = staged ?? given ?? randomBytes(32);
  if (target.equals(current)) fail(2, 'the new key is the current key');
  if (!staged) writeFileSync(files.next, target.toString('hex'), { mode: 0o600, flag: 'wx' });
} else if (given) {
  target = given;
} else if (config.masterKeyPrevious) {
  target = current;
} else {
  target = fail(
    2,
    'give the new key: NEW_MASTER_KEY=… or -- --new-key-file FILE (MASTER_KEY is the current one)',
  );
}

const db = await connect({
  databaseUrl: config.databaseUrl,
  migrationDatabaseUrl: config.migrationDatabaseUrl,
  dataDir: config.dataDir,
  poolSize: 2,
});
try {
  const started = Date.now();
  const report = await rotateMasterKey({
    db,
    files: fileStoreFromConfig(config),
    clock: systemClock,
    target,
    older: keyring(current),
  });
  for (const [set, n] of Object.entries(report.moved)) console.log(`${set}: ${n} moved`);
  console.log(
    `rotation to key ${report.targetKeyId} finished in ${Date.now() - started} ms (${report.batches} batches, ${report.swept} found by the final sweep)`,
  );
  if (embedded) {
    swapKeyFiles(config.dataDir);
    console.log(
      `${files.current} now holds the new key; the old one is ${files.old}: keep it (offline) as long as backups made before now are kept, then: npm run master-key:rotate -- --forget-old`,
    );
  } else {
    console.log(
      `${target.equals(current) ? 'Now remove MASTER_KEY_PREVIOUS' : 'Now give every instance MASTER_KEY=<the new key> and remove MASTER_KEY_PREVIOUS'} (rolling restart). Keep the old key offline as long as backups made before now are kept.`,
    );
  }
} catch (error) {
  process.exitCode = error instanceof RotationRefused ? 3 : 1;
  console.error(
    error instanceof RotationRefused
      ? `refused: ${error.message}`
      : `rotation interrupted: ${(error as Error).message}\nRun it again with the same keys: it resumes after the last batch recorded; meanwhile both keys open everything.`,
  );
} finally {
  await db.close();
}
