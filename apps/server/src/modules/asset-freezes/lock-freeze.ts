// Error codes thrown here: freeze_lifted, freeze_not_found.
import type { AssetFreeze } from '@comptoir/contracts';
import type { Queryable } from '../../db/types.ts';
import { AppError } from '../../errors.ts';
import { uuidOrNotFound } from '../../http/params.ts';
import { freezeView } from './freeze-view.ts';
import { freezeById, lockFreeze, type LockedFreeze } from './queries.ts';

/**
 * Locks a freeze in force for a lifting step (404 unknown, 409 already lifted): of two steps racing,
 * the second waits for the first and sees what it did.
 */
export async function lockFreezeInForce(q: Queryable, idParam: string): Promise<LockedFreeze> {
  const freeze = await lockFreeze(q, uuidOrNotFound(idParam, 'freeze_not_found'));
  if (!freeze) throw new AppError('freeze_not_found');
  if (freeze.status === 'lifted') throw new AppError('freeze_lifted');
  return freeze;
}

/** The freeze as the back office reads it, after a change in the same transaction. */
export async function freezeAfterChange(q: Queryable, id: string): Promise<AssetFreeze> {
  const row = await freezeById(q, id);
  if (!row) throw new Error('asset freeze vanished');
  return freezeView(row);
}
