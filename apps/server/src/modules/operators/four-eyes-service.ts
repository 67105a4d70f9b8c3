import type { Queryable } from '../../db/types.ts';
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
