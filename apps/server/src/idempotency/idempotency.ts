// Error codes thrown here: idempotency_conflict, idempotency_key_invalid, idempotency_key_required.
import { createHash } from 'node:crypto';
import type { Db, Queryable } from '../db/types.ts';
import { AppError } from '../errors.ts';
import { claimKey, storeResponse } from './queries.ts';

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
 * Runs `effect` at most once per (scope, key): the key, the effect and the stored response commit in
 * one transaction. Same key + same body → the first response; same key + other body → 409.
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
  return db.tx(async (q) => {
    const existing = await claimKey(q, scope, key, hash);
    if (existing) {
      if (existing.request_hash !== hash) {
        throw new AppError('idempotency_conflict');
      }
      return { status: existing.response_status ?? 200, body: existing.response_body as T, replayed: true };
    }
    const result = await effect(q);
    await storeResponse(q, scope, key, result.status, result.body);
    return { ...result, replayed: false };
  });
}
