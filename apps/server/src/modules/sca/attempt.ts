import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/types.ts';
import { clearScaFailures, recordScaFailure, scaLockForUpdate } from './lock-queries.ts';
import { isLocked, SCA_LOCK, scaLocked, wrongProof } from './lock.ts';

/**
 * One strong-authentication attempt of a customer, in one transaction that holds their row: refused
 * while SCA is locked; `run` checks the proof and returns its result, or null for a wrong proof,
 * which is counted (the 5th in a row locks for 15 minutes) and committed before the refusal.
 * An `AppError` thrown by `run` (unknown or expired challenge) rolls back and counts nothing.
 */
export async function attemptStrongAuth<T>(
  ctx: AppContext,
  customerId: string,
  run: (q: Queryable) => Promise<T | null>,
): Promise<T> {
  const now = ctx.clock.now();
  const outcome = await ctx.db.tx(async (q) => {
    const lockedUntil = await scaLockForUpdate(q, customerId);
    if (isLocked(lockedUntil, now)) return { kind: 'locked' as const, until: lockedUntil };
    const value = await run(q);
    if (value === null) {
      const lock = await recordScaFailure(q, customerId, now, SCA_LOCK);
      return lock ? { kind: 'locked' as const, until: lock } : { kind: 'wrong' as const };
    }
    await clearScaFailures(q, customerId);
    return { kind: 'ok' as const, value };
  });
  if (outcome.kind === 'locked') throw scaLocked(outcome.until);
  if (outcome.kind === 'wrong') throw wrongProof();
  return outcome.value;
}
