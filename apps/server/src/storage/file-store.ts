/**
 * Where encrypted files live: a local folder (default `$DATA_DIR/files`) or an S3-compatible bucket
 * (`STORAGE_URL`). Stores opaque bytes under opaque keys; encryption is done above (encrypted-files.ts),
 * so a store never sees plaintext. Nothing here is ever served by a static route.
 */
export interface FileStore {
  readonly kind: 'local' | 's3';
  put(key: string, bytes: Buffer): Promise<void>;
  /** The bytes, or null when the key is unknown. */
  get(key: string): Promise<Buffer | null>;
  /** Deleting an unknown key is not an error. */
  delete(key: string): Promise<void>;
}

/** Files sealed before they reach a store (encrypted-files.ts), as the application context holds them. */
export interface SealedFiles {
  readonly store: FileStore;
  /** Seals and stores `plain`; returns the storage key to keep next to `aad`. */
  put(plain: Buffer, aad: string): Promise<string>;
  /** The plaintext, or null when the object is missing. Throws when it was tampered with. */
  get(key: string, aad: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
}

/** Storage keys are 32 lowercase hex characters (128 random bits): no path, no meaning. */
export const STORAGE_KEY = /^[0-9a-f]{32}$/;

export function assertStorageKey(key: string): void {
  if (!STORAGE_KEY.test(key)) throw new Error('invalid storage key');
}
