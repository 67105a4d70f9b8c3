import type { Queryable } from '../../db/types.ts';
import { dropDocuments } from './document-queries.ts';

/**
 * Deletes every document of an application in the caller's transaction (a closed customer's
 * erasure or anonymisation), queueing their stored objects for deletion in the same transaction.
 * Returns the storage keys, to delete right after commit.
 */
export function eraseApplicationDocuments(q: Queryable, applicationId: string, now: Date): Promise<string[]> {
  return dropDocuments(q, [applicationId], now);
}
