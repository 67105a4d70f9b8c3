import type { Queryable } from '../db/types.ts';

/**
 * The queue of stored objects to delete (`storage_deletions`): a transaction that drops the rows
 * naming files queues their keys, and the files go once it has committed (file-deletions.ts).
 */
export async function queueStorageDeletion(q: Queryable, storageKey: string, now: Date): Promise<void> {
  await q.query(
    `insert into storage_deletions (storage_key, requested_at) values ($1, $2) on conflict (storage_key) do nothing`,
    [storageKey, now],
  );
}

export async function pendingStorageDeletions(q: Queryable, limit: number): Promise<string[]> {
  const { rows } = await q.query<{ storage_key: string }>(
    'select storage_key from storage_deletions order by requested_at limit $1',
    [limit],
  );
  return rows.map((r) => r.storage_key);
}

export async function forgetStorageDeletion(q: Queryable, storageKey: string): Promise<void> {
  await q.query('delete from storage_deletions where storage_key = $1', [storageKey]);
}
