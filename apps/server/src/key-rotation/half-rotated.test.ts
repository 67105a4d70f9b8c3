import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { systemClock } from '../clock.ts';
import { loadConfig } from '../config.ts';
import type { AppContext } from '../context.ts';
import { keyring } from '../crypto/keyring.ts';
import {
  HalfRotatedKeys,
  loadMasterKey,
  masterKeyFiles,
  readKeyFile,
  swapKeyFiles,
} from '../crypto/master-key.ts';
import { connect } from '../db/connect.ts';
import { startServer } from '../server.ts';
import { documentFiles } from '../storage/encrypted-files.ts';
import { expectedOpen, openEach, sealOneOfEach, type SealedValues } from '../testing/sealed-fixtures.ts';
import { makeTestContext } from '../testing/test-context.ts';
import { rotateMasterKey } from './rotate.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'comptoir-half-rotated-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const config = loadConfig({ SANDBOX: 'true', DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent' });
const files = masterKeyFiles(dataDir);

/** The application on the embedded database of `dataDir` under `masterKey` (and the older keys registered with it). */
const contextWith = async (masterKey: Buffer) => {
  const db = await connect({ dataDir });
  const t = await makeTestContext(config, { db });
  const ctx: AppContext = { ...t.ctx, masterKey, files: documentFiles(config, masterKey) };
  return {
    ctx,
    close: async () => {
      await t.close();
      await db.close();
    },
  };
};

const runRotate = () =>
  spawnSync(
    process.execPath,
    ['--import', 'tsx', join(import.meta.dirname, '..', 'cli', 'master-key-rotate.ts')],
    { env: { ...process.env, DATABASE_URL: '', MASTER_KEY: '', DATA_DIR: dataDir }, encoding: 'utf8' },
  );

describe('an embedded master-key rotation stopped between its two renames', () => {
  const oldKey = loadMasterKey(undefined, dataDir); // made now, in master.key
  const newKey = randomBytes(32);
  let v: SealedValues;

  it('leaves master.key.old and master.key.new, and no master.key', async () => {
    const app = await contextWith(oldKey);
    try {
      v = await sealOneOfEach(app.ctx);
      writeFileSync(files.next, newKey.toString('hex'), { mode: 0o600 });
      await rotateMasterKey({
        db: app.ctx.db,
        files: app.ctx.files.store,
        clock: systemClock,
        target: newKey,
        older: keyring(oldKey),
      });
    } finally {
      await app.close();
    }
    expect(() =>
      swapKeyFiles(dataDir, () => {
        throw new Error('stopped after the first rename');
      }),
    ).toThrow(/stopped/);
    expect([existsSync(files.current), existsSync(files.old), existsSync(files.next)]).toEqual([
      false,
      true,
      true,
    ]);
  }, 60_000);

  it('the server refuses to start on it, and makes no new key', async () => {
    expect(() => loadMasterKey(undefined, dataDir)).toThrow(HalfRotatedKeys);
    await expect(startServer(config)).rejects.toThrow(
      /master-key rotation stopped half-way\. Run npm run master-key:rotate to finish it/,
    );
    expect(existsSync(files.current)).toBe(false);
  }, 30_000);

  it('npm run master-key:rotate finishes it: master.key is the new key, and every sealed value opens under it alone', async () => {
    const run = runRotate();
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('finishing the rotation that stopped before renaming the keys');
    expect(readKeyFile(files.current).equals(newKey)).toBe(true);
    expect(readKeyFile(files.old).equals(oldKey)).toBe(true);
    expect(existsSync(files.next)).toBe(false);

    const loaded = loadMasterKey(undefined, dataDir);
    expect(loaded.equals(newKey)).toBe(true);
    // A copy of the key with no older key registered: opens only what is sealed under the new key.
    const app = await contextWith(Buffer.from(newKey));
    try {
      expect(await openEach(app.ctx, v)).toEqual(expectedOpen(v));
    } finally {
      await app.close();
    }
  }, 90_000);
});
