// Error codes thrown here: monitoring_case_decided, monitoring_case_not_found.
import type { MonitoringCase } from '@comptoir/contracts';
import type { Queryable } from '../../db/types.ts';
import { AppError } from '../../errors.ts';
import { uuidOrNotFound } from '../../http/params.ts';
import { caseById, caseHitOperations, caseNotes, lockCase, type LockedCase } from './case-queries.ts';
import { caseView } from './case-view.ts';

/**
 * Locks a case still to be decided (404 unknown, 409 closed). Every step takes this lock first, so of
 * two racing steps the second waits for the first and finds what it did.
 */
export async function lockUndecidedCase(q: Queryable, idParam: string): Promise<LockedCase> {
  const found = await lockCase(q, uuidOrNotFound(idParam, 'monitoring_case_not_found'));
  if (!found) throw new AppError('monitoring_case_not_found');
  if (found.status === 'closed') throw new AppError('monitoring_case_decided');
  return found;
}

/** The case as the back office reads it (null: no such case). */
export async function readCase(q: Queryable, id: string): Promise<MonitoringCase | null> {
  const row = await caseById(q, id);
  if (!row) return null;
  return caseView(row, await caseHitOperations(q, id), await caseNotes(q, id));
}

/** The case after a step, in the step's transaction. */
export async function caseAfterStep(q: Queryable, id: string): Promise<MonitoringCase> {
  const found = await readCase(q, id);
  if (!found) throw new Error('monitoring case vanished');
  return found;
}
