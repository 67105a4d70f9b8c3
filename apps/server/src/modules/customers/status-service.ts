import type { CustomerStatus } from '@comptoir/contracts';
import type { Queryable } from '../../db/types.ts';
import { decideApplication, moveCustomerStatus, resolveCorrections, setCustomerStatus } from './queries.ts';

/**
 * Moves the customer from one of the `from` statuses to `to`, in the caller's transaction; false
 * when the customer was in none of them (someone else moved it first). `emailVerified` also records
 * the address as verified at `now`.
 */
export function changeCustomerStatus(
  q: Queryable,
  customerId: string,
  from: readonly CustomerStatus[],
  to: CustomerStatus,
  now: Date,
  options: { emailVerified?: boolean } = {},
): Promise<boolean> {
  return moveCustomerStatus(q, customerId, from, to, now, options);
}

/** Records the review's decision on the customer's application (and the reason of a refusal). */
export function recordApplicationDecision(
  q: Queryable,
  customerId: string,
  decision: { status: 'approved' | 'rejected'; reason: string | null; now: Date },
): Promise<void> {
  return decideApplication(q, customerId, decision);
}

/** Marks the customer's open correction requests resolved at `now` (answered, or the file decided). */
export function closeCorrectionRequests(q: Queryable, customerId: string, now: Date): Promise<void> {
  return resolveCorrections(q, customerId, now);
}

/** Makes the customer `active`, in the caller's transaction: their main account was just opened. */
export function activateCustomer(q: Queryable, customerId: string): Promise<void> {
  return setCustomerStatus(q, customerId, 'active');
}
