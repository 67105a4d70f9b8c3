// Error codes thrown here: idempotency_conflict, idempotency_key_invalid, idempotency_key_required.
import { createHash } from 'node:crypto';
import type { Db, Queryable } from '../db/types.ts';
import { AppError } from '../errors.ts';
import { recordAnswer, storedAnswer, type StoredKey } from './queries.ts';

export const IDEMPOTENCY_KEY = /^[\w-]{8,128}$/;

export const requestHash = (body: unknown): string =>
  createHash('sha256')
    .update(JSON.stringify(body, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v)))
    .digest('hex');

/** The request's `Idempotency-Key` header, or a 400 in French when it is missing or malformed. */
export function requireIdempotencyKey(key: string | undefined): string {
  if (!key) throw new AppError('idempotency_key_required');
  if (!IDEMPOTENCY_KEY.test(key)) {
    throw new AppError('idempotency_key_invalid');
  }
  return key;
}

/**
 * Runs `effect` at most once per (scope, key): same key + same body → the first response; same key +
 * other body → 409. The key is read first (a replay writes nothing); otherwise the effect runs and
 * the key is recorded with its answer in one insert, in the effect's transaction. Two requests with
 * the same key at once both run the effect, but only one commits: the second's insert waits for the
 * first's transaction and finds the key taken, so its effect rolls back and it answers as the first
 * did. Likewise when its effect fails because the first just used what it needed (the single-use SCA
 * token): after the rollback, a stored answer for the key is the answer.
 */
export async function idempotent<T>(
  db: Db,
  scope: string,
  key: string,
  body: unknown,
  effect: (q: Queryable) => Promise<{ status: number; body: T }>,
): Promise<{ status: number; body: T; replayed: boolean }> {
  requireIdempotencyKey(key);
  const hash = requestHash(body);
  try {
    return await db.tx(async (q) => {
      const existing = await storedAnswer(q, scope, key);
      if (existing) return replay<T>(existing, hash);
      const result = await effect(q);
      if (!(await recordAnswer(q, scope, key, hash, result.status, result.body)))
        throw new KeyTakenMeanwhile();
      return { ...result, replayed: false };
    });
  } catch (error) {
    if (error instanceof AppError && error.code === 'idempotency_conflict') throw error;
    const first = await storedAnswer(db, scope, key).catch(() => null);
    if (first) return replay<T>(first, hash);
    throw error;
  }
}

/** The stored answer again, or a 409 when this request's body is not the one that was answered. */
function replay<T>(stored: StoredKey, hash: string): { status: number; body: T; replayed: true } {
  if (stored.request_hash !== hash) throw new AppError('idempotency_conflict');
  return { status: stored.response_status ?? 200, body: stored.response_body as T, replayed: true };
}

/** Rolls back an effect whose key a concurrent request with the same key recorded first. */
class KeyTakenMeanwhile extends Error {
  constructor() {
    super('idempotency key recorded meanwhile by a concurrent request');
  }
}
