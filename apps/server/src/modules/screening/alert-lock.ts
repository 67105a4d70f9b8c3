// Error codes thrown here: screening_alert_decided, screening_alert_not_found.
import type { ScreeningAlert } from '@comptoir/contracts';
import type { Queryable } from '../../db/types.ts';
import { AppError } from '../../errors.ts';
import { uuidOrNotFound } from '../../http/params.ts';
import { alertById, lockAlert, type LockedAlert } from './alert-queries.ts';
import { alertView } from './alert-view.ts';

/**
 * Locks an alert still to be decided (404 unknown, 409 closed). Every decision step takes this lock
 * first, so of two racing steps the second waits for the first and finds what it did: one wins, the
 * other is refused.
 */
export async function lockUndecidedAlert(q: Queryable, idParam: string): Promise<LockedAlert> {
  const alert = await lockAlert(q, uuidOrNotFound(idParam, 'screening_alert_not_found'));
  if (!alert) throw new AppError('screening_alert_not_found');
  if (alert.status === 'closed') throw new AppError('screening_alert_decided');
  return alert;
}

/** The alert as the back office reads it, after a step in the same transaction. */
export async function alertAfterStep(q: Queryable, id: string): Promise<ScreeningAlert> {
  const row = await alertById(q, id);
  if (!row) throw new Error('screening alert vanished');
  return alertView(row);
}
