import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/** AES-256-GCM with a purpose-derived key (HKDF from the master key). Output: v1.iv.tag.ciphertext (base64url). */
export class Sealer {
  readonly #key: Buffer;
  constructor(masterKey: Buffer, purpose: string) {
    this.#key = Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), `comptoir:${purpose}`, 32));
  }

  sealBytes(plain: Buffer, aad = ''): Buffer {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.#key, iv);
    cipher.setAAD(Buffer.from(aad));
    const body = Buffer.concat([cipher.update(plain), cipher.final()]);
    return Buffer.concat([Buffer.from([1]), iv, cipher.getAuthTag(), body]);
  }

  openBytes(sealed: Buffer, aad = ''): Buffer {
    if (sealed[0] !== 1 || sealed.length < 29) throw new Error('unknown sealed format');
    const decipher = createDecipheriv('aes-256-gcm', this.#key, sealed.subarray(1, 13));
    decipher.setAAD(Buffer.from(aad));
    decipher.setAuthTag(sealed.subarray(13, 29));
    return Buffer.concat([decipher.update(sealed.subarray(29)), decipher.final()]);
  }

  seal(plain: string, aad = ''): string {
    return this.sealBytes(Buffer.from(plain, 'utf8'), aad).toString('base64url');
  }

  open(sealed: string, aad = ''): string {
    return this.openBytes(Buffer.from(sealed, 'base64url'), aad).toString('utf8');
  }
}

/** Keyed hash for lookups of secrets (session and link tokens): the database never holds a usable token. */
export const tokenHash = (token: string): string =>
  createHmac('sha256', 'comptoir-token').update(token).digest('hex');

export const newToken = (): string => randomBytes(32).toString('base64url');
