// Error codes thrown here: account_locked.
import { createHash } from 'node:crypto';
import { frenchDateTime } from '@comptoir/core';
import type { Queryable } from '../../db/types.ts';
import { AppError } from '../../errors.ts';
import { isLocked } from '../sca/index.ts';
import {
  clearFailedPasswords,
  lockedUntil,
  LOGIN_DECOY_SLOTS,
  recordDecoyFailure,
  recordFailedPassword,
} from './queries.ts';

/** docs/security.md#secrets-at-rest: 5 consecutive failures → 15 min lock, doubling for each further lock (24 h at most). */
export const LOCKOUT = {
  maxFailures: 5,
  baseSeconds: 15 * 60,
  maxSeconds: 24 * 60 * 60,
  /** Past locks stop counting for the doubling once the last one ended this long ago. */
  decaySeconds: 24 * 60 * 60,
} as const;

export function accountLocked(until: Date): AppError {
  const { date, time } = frenchDateTime(until);
  return new AppError('account_locked', { date, time }, { lockedUntil: until.toISOString() });
}

/**
 * Records a wrong password. Returns the lock it caused (the 5th failure), or the lock that another
 * request set meanwhile; null when the account stays unlocked.
 */
export async function registerWrongPassword(
  q: Queryable,
  customerId: string,
  now: Date,
): Promise<Date | null> {
  const state = await recordFailedPassword(q, customerId, now, LOCKOUT);
  if (state) return isLocked(state.locked_until, now) ? state.locked_until : null;
  const until = await lockedUntil(q, customerId);
  return isLocked(until, now) ? until : null;
}

/**
 * A refused login with no failure of its own to count (no account at that address, an account that
 * can never sign in, an address not verified yet): counts one on a decoy row picked by the address,
 * so the answer costs the same write as a wrong password on an account.
 */
export async function registerDecoyFailure(q: Queryable, email: string, now: Date): Promise<void> {
  await recordDecoyFailure(q, decoySlot(email), now, LOCKOUT);
}

/** The decoy row of an address (its failures always land on the same one). */
export function decoySlot(email: string): number {
  const digest = createHash('sha256').update(email.trim().toLowerCase()).digest();
  return digest.readUInt32BE(0) % LOGIN_DECOY_SLOTS;
}

/** Records a right password; throws `account_locked` when a lock was set meanwhile. */
export async function registerRightPassword(q: Queryable, customerId: string, now: Date): Promise<void> {
  if (await clearFailedPasswords(q, customerId, now)) return;
  const until = await lockedUntil(q, customerId);
  if (isLocked(until, now)) throw accountLocked(until);
}
