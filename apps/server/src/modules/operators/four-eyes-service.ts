import type { PlainErrorCode } from '@comptoir/contracts';
import type { Queryable } from '../../db/types.ts';
import { AppError } from '../../errors.ts';
import { operatorActiveSince } from './queries.ts';

/**
 * Four eyes: whether the operator counts as a checker of what was made at `madeAt` — active now,
 * and already active then (enrolment completed or reactivation before it). One invited, enrolled or
 * reactivated afterwards is no second pair of eyes.
 */
export async function countsAsChecker(q: Queryable, operatorId: string, madeAt: Date): Promise<boolean> {
  const activeSince = await operatorActiveSince(q, operatorId);
  return activeSince !== null && activeSince <= madeAt;
}

/**
 * Four eyes on a proposal: refuses its own proposer (`own`) and an operator who does not count as
 * a checker of it (`tooRecent`), each with the caller's error code. The proposal is the caller's,
 * locked; nothing is written here.
 */
export async function requireSecondOperator(
  q: Queryable,
  operatorId: string,
  proposal: { by: string | null; at: Date },
  codes: { own: PlainErrorCode; tooRecent: PlainErrorCode },
): Promise<void> {
  if (proposal.by === operatorId) throw new AppError(codes.own);
  if (!(await countsAsChecker(q, operatorId, proposal.at))) throw new AppError(codes.tooRecent);
}
