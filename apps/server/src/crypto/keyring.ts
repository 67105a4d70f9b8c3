import { createHmac } from 'node:crypto';

/**
 * Keys still accepted for opening next to a current master key, during and just after a master-key
 * rotation (docs/operations.md#master-key-rotation). Values are always sealed under the current key;
 * a sealed value names the key it was sealed under (its key id), so opening picks the right one.
 * Registered once, where the key is loaded, before any purpose key is derived from it.
 */
const older = new WeakMap<Buffer, readonly Buffer[]>();

export function acceptOlderKeys(current: Buffer, keys: readonly Buffer[]): void {
  older.set(
    current,
    keys.filter((k) => !k.equals(current)),
  );
}

/** The current key first, then the older ones still accepted. */
export const keyring = (current: Buffer): readonly Buffer[] => [current, ...(older.get(current) ?? [])];

/** A master key's public name: 4 bytes of HMAC-SHA-256 — names a key, reveals nothing of it. */
export const keyId = (key: Buffer): Buffer =>
  createHmac('sha256', key).update('comptoir:key-id').digest().subarray(0, 4);

export const keyIdHex = (key: Buffer): string => keyId(key).toString('hex');
