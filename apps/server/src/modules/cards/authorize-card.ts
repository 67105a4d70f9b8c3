import type { Queryable } from '../../db/types.ts';
import {
  readAuthorizationFacts,
  recordAuthorization,
  type AuthorizationOutcome,
  type AuthorizationRequest,
} from './authorization-queries.ts';
import { decideAuthorization } from './rules.ts';

/**
 * One card authorisation, in the caller's transaction: the facts read under the card's row lock
 * (then the authentication's), the rules decide (rules.ts), and the outcome is written — for an
 * approval the reservation, which the ledger may still refuse. Two round trips; the card stays locked
 * until the transaction ends, so its next authorisation reads this one.
 */
export async function authorizeCard(
  q: Queryable,
  request: AuthorizationRequest,
): Promise<AuthorizationOutcome> {
  if (request.amount <= 0n) throw new Error('card authorisation: the amount must be positive');
  const read = await readAuthorizationFacts(q, request);
  return recordAuthorization(q, request, read, decideAuthorization(read.facts));
}
