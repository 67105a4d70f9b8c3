import { createHash, createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { keyIdHex, keyring } from '../crypto/keyring.ts';
import type { FileStore } from '../storage/file-store.ts';
import { canonicalJson } from './canonical-json.ts';

/**
 * A checkpoint of the audit chain kept outside the database: the chain's last id and hash when it
 * was written, under an HMAC whose key is derived from the master key (which the database never
 * holds). Whoever can rewrite the database can cut the chain's tail and move `audit_head` back, but
 * cannot make a checkpoint: a chain shorter than the newest one, or whose row at its id has another
 * hash, is broken.
 */
export interface AuditCheckpoint {
  /** The chain's newest row when written; null for an empty chain. */
  lastId: bigint | null;
  hash: string;
  at: Date;
}

/** The stored checkpoint: none yet, one whose MAC fails under every known master key, or a valid one. */
export type StoredCheckpoint =
  | { status: 'none' }
  | { status: 'refused' }
  | { status: 'valid'; checkpoint: AuditCheckpoint; current: boolean };

/** Where the newest checkpoint lives in the file store (a fixed name in the store's key format). */
export const CHECKPOINT_STORAGE_KEY = createHash('sha256')
  .update('comptoir:audit-checkpoint')
  .digest('hex')
  .slice(0, 32);

const Stored = z.object({
  v: z.literal(1),
  lastId: z
    .string()
    .regex(/^[1-9]\d*$/)
    .nullable(),
  hash: z.string().regex(/^[0-9a-f]{64}$/),
  at: z.iso.datetime(),
  key: z.string().regex(/^[0-9a-f]{8}$/),
  mac: z.string().regex(/^[0-9a-f]{64}$/),
});
type Stored = z.infer<typeof Stored>;

const macKey = (master: Buffer): Buffer =>
  Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), 'comptoir:audit-checkpoint', 32));

const macOf = (key: Buffer, body: Pick<Stored, 'v' | 'lastId' | 'hash' | 'at'>): Buffer =>
  createHmac('sha256', key).update(canonicalJson(body)).digest();

/** The checkpoint as stored and logged: its fields, the master key's id and the MAC over them. */
export function signCheckpoint(masterKey: Buffer, cp: AuditCheckpoint): Stored {
  const body = {
    v: 1 as const,
    lastId: cp.lastId === null ? null : String(cp.lastId),
    hash: cp.hash,
    at: cp.at.toISOString(),
  };
  return { ...body, key: keyIdHex(masterKey), mac: macOf(macKey(masterKey), body).toString('hex') };
}

/** Checks a stored checkpoint's MAC under the master key it names (current or still accepted). */
export function openCheckpoint(masterKey: Buffer, raw: unknown): StoredCheckpoint {
  const parsed = Stored.safeParse(raw);
  if (!parsed.success) return { status: 'refused' };
  const s = parsed.data;
  const master = keyring(masterKey).find((k) => keyIdHex(k) === s.key);
  if (!master) return { status: 'refused' };
  const expected = macOf(macKey(master), { v: s.v, lastId: s.lastId, hash: s.hash, at: s.at });
  if (!timingSafeEqual(expected, Buffer.from(s.mac, 'hex'))) return { status: 'refused' };
  return {
    status: 'valid',
    checkpoint: { lastId: s.lastId === null ? null : BigInt(s.lastId), hash: s.hash, at: new Date(s.at) },
    current: s.key === keyIdHex(masterKey),
  };
}

/** The newest checkpoint in the file store. */
export async function readAuditCheckpoint(store: FileStore, masterKey: Buffer): Promise<StoredCheckpoint> {
  const bytes = await store.get(CHECKPOINT_STORAGE_KEY);
  if (bytes === null) return { status: 'none' };
  let raw: unknown;
  try {
    raw = JSON.parse(bytes.toString('utf8'));
  } catch {
    return { status: 'refused' };
  }
  return openCheckpoint(masterKey, raw);
}

/** Stores `cp` as the newest checkpoint; returns what was stored (the line the log also gets). */
export async function storeAuditCheckpoint(
  store: FileStore,
  masterKey: Buffer,
  cp: AuditCheckpoint,
): Promise<Stored> {
  const signed = signCheckpoint(masterKey, cp);
  await store.put(CHECKPOINT_STORAGE_KEY, Buffer.from(JSON.stringify(signed)));
  return signed;
}

/**
 * A master-key rotation's last step: the stored checkpoint, signed under an older key of `target`'s
 * keyring, signed again under `target` (the older key is forgotten after the rotation, and a
 * checkpoint no key checks is refused). A checkpoint that no key checks is left as it is: it is
 * evidence, never made valid. Returns whether it was signed again.
 */
export async function resignAuditCheckpoint(store: FileStore, target: Buffer): Promise<boolean> {
  const stored = await readAuditCheckpoint(store, target);
  if (stored.status !== 'valid' || stored.current) return false;
  await storeAuditCheckpoint(store, target, stored.checkpoint);
  return true;
}
