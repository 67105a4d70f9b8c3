import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { keyId, keyring } from './keyring.ts';

const V1 = 1;
const V2 = 2;

/**
 * AES-256-GCM with a purpose-derived key (HKDF from the master key). Sealed bytes (base64url as
 * text): v2 = 0x02, the master key's id (4 bytes, crypto/keyring.ts), iv (12), tag (16), ciphertext.
 * v1 (0x01, no key id) is still opened: written before key ids, under the first master key.
 * Seals under the current key; opens under any key of the keyring.
 */
export class Sealer {
  readonly #current: { id: Buffer; key: Buffer };
  readonly #byId = new Map<string, Buffer>();
  readonly #all: Buffer[] = [];

  constructor(masterKey: Buffer, purpose: string) {
    for (const master of keyring(masterKey)) {
      const key = Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), `comptoir:${purpose}`, 32));
      this.#byId.set(keyId(master).toString('hex'), key);
      this.#all.push(key);
    }
    this.#current = { id: keyId(masterKey), key: this.#all[0] as Buffer };
  }

  sealBytes(plain: Buffer, aad = ''): Buffer {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.#current.key, iv);
    cipher.setAAD(Buffer.from(aad));
    const body = Buffer.concat([cipher.update(plain), cipher.final()]);
    return Buffer.concat([Buffer.from([V2]), this.#current.id, iv, cipher.getAuthTag(), body]);
  }

  openBytes(sealed: Buffer, aad = ''): Buffer {
    if (sealed[0] === V2 && sealed.length >= 33) {
      const key = this.#byId.get(sealed.subarray(1, 5).toString('hex'));
      if (!key) throw new Error('sealed under an unknown master key');
      return decrypt(key, sealed.subarray(5), aad);
    }
    if (sealed[0] !== V1 || sealed.length < 29) throw new Error('unknown sealed format');
    let failure: unknown;
    for (const key of this.#all) {
      try {
        return decrypt(key, sealed.subarray(1), aad);
      } catch (error) {
        failure = error;
      }
    }
    throw failure;
  }

  /** Whether `sealed` names the current master key (a rotation leaves such values alone). */
  isCurrentBytes(sealed: Buffer): boolean {
    return sealed[0] === V2 && sealed.subarray(1, 5).equals(this.#current.id);
  }

  isCurrent(sealed: string): boolean {
    return this.isCurrentBytes(Buffer.from(sealed.slice(0, 8), 'base64url'));
  }

  seal(plain: string, aad = ''): string {
    return this.sealBytes(Buffer.from(plain, 'utf8'), aad).toString('base64url');
  }

  open(sealed: string, aad = ''): string {
    return this.openBytes(Buffer.from(sealed, 'base64url'), aad).toString('utf8');
  }
}

function decrypt(key: Buffer, rest: Buffer, aad: string): Buffer {
  const decipher = createDecipheriv('aes-256-gcm', key, rest.subarray(0, 12));
  decipher.setAAD(Buffer.from(aad));
  decipher.setAuthTag(rest.subarray(12, 28));
  return Buffer.concat([decipher.update(rest.subarray(28)), decipher.final()]);
}

/** Keyed hash for lookups of secrets (session and link tokens): the database never holds a usable token. */
export const tokenHash = (token: string): string =>
  createHmac('sha256', 'comptoir-token').update(token).digest('hex');

export const newToken = (): string => randomBytes(32).toString('base64url');
