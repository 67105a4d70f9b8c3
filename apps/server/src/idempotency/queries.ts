import type { Queryable } from '../db/types.ts';

export interface StoredKey {
  request_hash: string;
  response_status: number | null;
  response_body: unknown;
}

/** Claims the key inside the caller's transaction; a concurrent claim of the same key waits here. */
export async function claimKey(
  q: Queryable,
  scope: string,
  key: string,
  requestHash: string,
): Promise<StoredKey | null> {
  const inserted = await q.query(
    `insert into idempotency_keys (scope, key, request_hash) values ($1, $2, $3)
     on conflict (scope, key) do nothing`,
    [scope, key, requestHash],
  );
  if (inserted.rowCount === 1) return null;
  const { rows } = await q.query<StoredKey>(
    'select request_hash, response_status, response_body from idempotency_keys where scope = $1 and key = $2',
    [scope, key],
  );
  return rows[0] ?? null;
}

export async function storeResponse(
  q: Queryable,
  scope: string,
  key: string,
  status: number,
  body: unknown,
): Promise<void> {
  await q.query(
    'update idempotency_keys set response_status = $3, response_body = $4 where scope = $1 and key = $2',
    [scope, key, status, JSON.stringify(body)],
  );
}

export async function purgeOldKeys(q: Queryable, olderThanHours: number): Promise<number> {
  const r = await q.query(
    `delete from idempotency_keys where created_at < now() - make_interval(hours => $1)`,
    [olderThanHours],
  );
  return r.rowCount;
}
