import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { keyring } from './keyring.ts';
import { loadMasterKey, masterKeyFiles } from './master-key.ts';

describe('the master key and the older keys accepted with it', () => {
  it('MASTER_KEY_PREVIOUS: the older keys, comma-separated, hex or base64', () => {
    const [current, a, b] = [randomBytes(32), randomBytes(32), randomBytes(32)];
    const key = loadMasterKey(
      current.toString('hex'),
      '/nonexistent',
      `${a.toString('hex')}, ${b.toString('base64')}`,
    );
    expect(key.equals(current)).toBe(true);
    expect(keyring(key).map((k) => k.toString('hex'))).toEqual([current, a, b].map((k) => k.toString('hex')));
  });

  it('embedded: master.key, with master.key.new and master.key.old left by a rotation', () => {
    const dir = mkdtempSync(join(tmpdir(), 'comptoir-keys-'));
    const first = loadMasterKey(undefined, dir);
    expect(keyring(first)).toHaveLength(1);
    const [next, old] = [randomBytes(32), randomBytes(32)];
    writeFileSync(masterKeyFiles(dir).next, next.toString('hex'));
    writeFileSync(masterKeyFiles(dir).old, old.toString('base64'));
    const again = loadMasterKey(undefined, dir);
    expect(again.equals(first)).toBe(true);
    expect(keyring(again).map((k) => k.toString('hex'))).toEqual(
      [first, next, old].map((k) => k.toString('hex')),
    );
  });

  it('a key of the wrong length is refused', () => {
    expect(() => loadMasterKey(randomBytes(32).toString('hex'), '/nonexistent', 'abcd')).toThrow(/32 bytes/);
  });
});
