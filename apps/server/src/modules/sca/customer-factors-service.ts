import type { Queryable } from '../../db/types.ts';
import { activeFactors, countActiveFactors, type FactorRow } from './factor-queries.ts';

/** The customer's second factors in use (TOTP confirmed, passkeys), oldest first: the login asks for one. */
export function findActiveFactors(q: Queryable, customerId: string): Promise<FactorRow[]> {
  return activeFactors(q, customerId);
}

/** How many second factors the customer has in use (their profile shows it). */
export function countSecondFactors(q: Queryable, customerId: string): Promise<number> {
  return countActiveFactors(q, customerId);
}
