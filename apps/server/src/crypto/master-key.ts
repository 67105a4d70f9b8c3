import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
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

/**
 * A rotation that stopped between its two renames (master.key → master.key.old, then
 * master.key.new → master.key) leaves no master.key beside the other two. Starting then would make
 * a new key: refused, until `npm run master-key:rotate` finishes the rotation.
 */
export class HalfRotatedKeys extends Error {
  override name = 'HalfRotatedKeys';
  constructor(dataDir: string) {
    const files = masterKeyFiles(dataDir);
    super(
      `${files.current} is missing but ${existsSync(files.next) ? files.next : files.old} is there: a master-key rotation stopped half-way. Run npm run master-key:rotate to finish it (it resumes), then start again. Never delete these files.`,
    );
  }
}

/** master.key absent, a rotation's other key file present: see HalfRotatedKeys. */
export const halfRotated = (dataDir: string): boolean => {
  const files = masterKeyFiles(dataDir);
  return !existsSync(files.current) && (existsSync(files.next) || existsSync(files.old));
};

/**
 * The end of an embedded rotation: master.key → master.key.old, then master.key.new → master.key.
 * Run again after a stop between the two, it does the second only. `afterFirstRename` lets a test
 * stop it there.
 */
export function swapKeyFiles(dataDir: string, afterFirstRename: () => void = () => undefined): void {
  const files = masterKeyFiles(dataDir);
  if (existsSync(files.current)) {
    renameSync(files.current, files.old);
    afterFirstRename();
  }
  renameSync(files.next, files.current);
}

function embeddedKey(dataDir: string): Buffer {
  const file = masterKeyFiles(dataDir).current;
  if (existsSync(file)) return readKeyFile(file);
  if (halfRotated(dataDir)) throw new HalfRotatedKeys(dataDir);
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
