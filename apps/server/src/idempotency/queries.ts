import type { Queryable } from '../db/types.ts';

export interface StoredKey {
  request_hash: string;
  response_status: number | null;
  response_body: unknown;
}

/** The answer stored for (scope, key), if a request with that key has committed. */
export async function storedAnswer(q: Queryable, scope: string, key: string): Promise<StoredKey | null> {
  const { rows } = await q.query<StoredKey>(
    'select request_hash, response_status, response_body from idempotency_keys where scope = $1 and key = $2',
    [scope, key],
  );
  return rows[0] ?? null;
}

/**
 * Records the key with its answer, in one insert, inside the effect's transaction. False when the
 * key is taken: a concurrent request with the same key committed first (the insert waits for its
 * transaction to end, and writes when it rolled back).
 */
export async function recordAnswer(
  q: Queryable,
  scope: string,
  key: string,
  requestHash: string,
  status: number,
  body: unknown,
): Promise<boolean> {
  const inserted = await q.query(
    `insert into idempotency_keys (scope, key, request_hash, response_status, response_body)
     values ($1, $2, $3, $4, $5)
     on conflict (scope, key) do nothing`,
    [scope, key, requestHash, status, JSON.stringify(body)],
  );
  return inserted.rowCount === 1;
}

export async function purgeOldKeys(q: Queryable, olderThanHours: number): Promise<number> {
  const r = await q.query(
    `delete from idempotency_keys where created_at < now() - make_interval(hours => $1)`,
    [olderThanHours],
  );
  return r.rowCount;
}
