import type { LockedAlert } from './alert-queries.ts';

/** What every audit row of a step names: the alert, never a name (they stay on the alert's rows). */
export const alertAuditDetails = (a: LockedAlert) => ({
  alertId: a.id,
  subjectKind: a.subject_kind,
  ...(a.subject_kind === 'beneficiary' ? { beneficiaryId: a.subject_id } : {}),
  logicalId: Number(a.logical_id),
  score: a.score,
});
