import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * The 32-byte master key: from MASTER_KEY (hex or base64) or, on the embedded default, generated
 * once into $DATA_DIR/master.key (mode 0600).
 */
export function loadMasterKey(masterKey: string | undefined, dataDir: string): Buffer {
  if (masterKey) return decodeKey(masterKey);
  const file = join(dataDir, 'master.key');
  if (existsSync(file)) return decodeKey(readFileSync(file, 'utf8').trim());
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const key = randomBytes(32);
  writeFileSync(file, key.toString('hex'), { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
  return key;
}

function decodeKey(text: string): Buffer {
  const key = /^[0-9a-f]{64}$/i.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
  if (key.length !== 32)
    throw new Error('MASTER_KEY must decode to 32 bytes (64 hex or 44 base64 characters)');
  return key;
}
