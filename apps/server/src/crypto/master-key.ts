import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { acceptOlderKeys } from './keyring.ts';

/** Where the embedded default keeps its keys: the current one, and the two a rotation leaves beside it. */
export const masterKeyFiles = (dataDir: string) => ({
  current: join(dataDir, 'master.key'),
  /** The rotation's target while it runs (written first, so an interrupted rotation can resume). */
  next: join(dataDir, 'master.key.new'),
  /** The key a finished rotation replaced, kept until the operator confirms. */
  old: join(dataDir, 'master.key.old'),
});

/**
 * The 32-byte master key: from MASTER_KEY (hex or base64) or, on the embedded default, generated
 * once into $DATA_DIR/master.key (mode 0600). Keys still accepted for opening are registered with
 * it (crypto/keyring.ts): MASTER_KEY_PREVIOUS (comma-separated) and, on the embedded default,
 * master.key.new / master.key.old left by a master-key rotation.
 */
export function loadMasterKey(masterKey: string | undefined, dataDir: string, previous?: string): Buffer {
  const key = masterKey ? decodeKey(masterKey) : embeddedKey(dataDir);
  const older = (previous ?? '')
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean)
    .map(decodeKey);
  if (!masterKey) {
    const files = masterKeyFiles(dataDir);
    for (const file of [files.next, files.old]) if (existsSync(file)) older.push(readKeyFile(file));
  }
  acceptOlderKeys(key, older);
  return key;
}

function embeddedKey(dataDir: string): Buffer {
  const file = masterKeyFiles(dataDir).current;
  if (existsSync(file)) return readKeyFile(file);
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const key = randomBytes(32);
  writeFileSync(file, key.toString('hex'), { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
  return key;
}

export const readKeyFile = (file: string): Buffer => decodeKey(readFileSync(file, 'utf8').trim());

export function decodeKey(text: string): Buffer {
  const key = /^[0-9a-f]{64}$/i.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
  if (key.length !== 32)
    throw new Error('MASTER_KEY must decode to 32 bytes (64 hex or 44 base64 characters)');
  return key;
}
