import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { Config } from '../config.ts';
import { Sealer } from '../crypto/seal.ts';
import type { FileStore, SealedFiles } from './file-store.ts';
import { localFileStore } from './local-store.ts';
import { parseStorageUrl, s3FileStore } from './s3-store.ts';

/**
 * Encrypted file storage for identity documents. Each file is sealed with AES-256-GCM under the
 * `documents` purpose key (HKDF from the master key), the caller's id (the document id) as
 * associated data — a sealed file moved to another document does not open — and stored under a
 * random 128-bit name. Only ciphertext ever reaches the store.
 */
export class EncryptedFiles implements SealedFiles {
  readonly #sealer: Sealer;
  constructor(
    masterKey: Buffer,
    readonly store: FileStore,
  ) {
    this.#sealer = new Sealer(masterKey, 'documents');
  }

  /** Seals and stores `plain`; returns the storage key to keep next to `aad`. */
  async put(plain: Buffer, aad: string): Promise<string> {
    const key = randomBytes(16).toString('hex');
    await this.store.put(key, this.#sealer.sealBytes(plain, aad));
    return key;
  }

  /** The plaintext, or null when the object is missing. Throws when it was tampered with. */
  async get(key: string, aad: string): Promise<Buffer | null> {
    const sealed = await this.store.get(key);
    return sealed ? this.#sealer.openBytes(sealed, aad) : null;
  }

  delete(key: string): Promise<void> {
    return this.store.delete(key);
  }
}

/** The configured store: S3 when `STORAGE_URL` is set, else `$DATA_DIR/files`. */
export function fileStoreFromConfig(config: Pick<Config, 'storageUrl' | 'dataDir'>): FileStore {
  return config.storageUrl
    ? s3FileStore(parseStorageUrl(config.storageUrl))
    : localFileStore(join(config.dataDir, 'files'));
}

/** The identity documents' files of an application context (`ctx.files`), in the configured store. */
export function documentFiles(
  config: Pick<Config, 'storageUrl' | 'dataDir'>,
  masterKey: Buffer,
): EncryptedFiles {
  return new EncryptedFiles(masterKey, fileStoreFromConfig(config));
}
