import { createCipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { acceptOlderKeys, keyIdHex } from './keyring.ts';
import { Sealer } from './seal.ts';

/** A value as the first format wrote it: 0x01, iv, tag, ciphertext — no key id. */
function sealV1(masterKey: Buffer, purpose: string, plain: string, aad: string): string {
  const key = Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), `comptoir:${purpose}`, 32));
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(aad));
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([Buffer.from([1]), iv, cipher.getAuthTag(), body]).toString('base64url');
}

describe('sealed values', () => {
  it('name the master key they were sealed under (v2), never holding it', () => {
    const key = randomBytes(32);
    const sealed = Buffer.from(new Sealer(key, 'test').seal('secret', 'row-1'), 'base64url');
    expect(sealed[0]).toBe(2);
    expect(sealed.subarray(1, 5).toString('hex')).toBe(keyIdHex(key));
    expect(sealed.includes(key.subarray(0, 8))).toBe(false);
  });

  it('open under the current key or an older one still accepted, and seal under the current one', () => {
    const old = randomBytes(32);
    const current = randomBytes(32);
    const before = new Sealer(old, 'test').seal('secret', 'row-1');
    const legacy = sealV1(old, 'test', 'legacy', 'row-2');
    acceptOlderKeys(current, [old]);
    const both = new Sealer(current, 'test');
    expect(both.open(before, 'row-1')).toBe('secret');
    expect(both.open(legacy, 'row-2')).toBe('legacy');
    expect(both.isCurrent(before)).toBe(false);
    const after = both.seal('secret', 'row-1');
    expect(both.isCurrent(after)).toBe(true);
    expect(new Sealer(Buffer.from(current), 'test').open(after, 'row-1')).toBe('secret');
    expect(() => new Sealer(Buffer.from(current), 'test').open(before, 'row-1')).toThrow(
      /unknown master key/,
    );
    expect(() => new Sealer(Buffer.from(current), 'test').open(legacy, 'row-2')).toThrow();
    expect(() => both.open(before, 'row-9')).toThrow();
  });
});
