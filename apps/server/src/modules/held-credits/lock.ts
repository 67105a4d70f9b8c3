// Error codes thrown here: held_credit_decided, held_credit_not_found.
import type { HeldCredit } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/types.ts';
import { AppError } from '../../errors.ts';
import { uuidOrNotFound } from '../../http/params.ts';
import { heldCreditById, lockHeldCredit, type LockedHeldCredit } from './queries.ts';
import { heldCreditView } from './view.ts';

/**
 * Locks a held credit still to be decided (404 unknown, 409 released or returned). Every step takes
 * this lock first, so of two racing steps the second waits and finds what the first did.
 */
export async function lockUndecidedHeldCredit(q: Queryable, idParam: string): Promise<LockedHeldCredit> {
  const found = await lockHeldCredit(q, uuidOrNotFound(idParam, 'held_credit_not_found'));
  if (!found) throw new AppError('held_credit_not_found');
  if (found.status === 'released' || found.status === 'returned') throw new AppError('held_credit_decided');
  return found;
}

/** The held credit after a step, in the step's transaction. */
export async function heldCreditAfterStep(ctx: AppContext, q: Queryable, id: string): Promise<HeldCredit> {
  const row = await heldCreditById(q, id);
  if (!row) throw new Error('held credit vanished');
  return heldCreditView(row, ctx.clock.now());
}
