import type { AppContext } from '../context.ts';
import { appLog } from '../log.ts';
import { forgetStorageDeletion, pendingStorageDeletions } from './deletion-queries.ts';

/**
 * Deletes stored objects whose rows are gone (queued in `storage_deletions` by the same
 * transaction). Best effort: what fails here stays queued and the retention job deletes it later.
 */
export async function deleteStoredFiles(ctx: AppContext, keys: readonly string[]): Promise<number> {
  const files = ctx.files;
  let deleted = 0;
  for (const key of keys) {
    try {
      await files.delete(key);
      await forgetStorageDeletion(ctx.db, key);
      deleted++;
    } catch (error) {
      appLog().warn({ err: error }, 'stored file deletion postponed');
    }
  }
  return deleted;
}

/** Deletes every queued object (the retention job calls this). */
export async function flushStorageDeletions(ctx: AppContext, batch = 500): Promise<number> {
  let total = 0;
  for (;;) {
    const keys = await pendingStorageDeletions(ctx.db, batch);
    if (keys.length === 0) return total;
    const deleted = await deleteStoredFiles(ctx, keys);
    total += deleted;
    if (deleted < keys.length) return total;
  }
}
