import type { Queryable } from '../../db/types.ts';
import { sessionChallenge, setSessionChallenge } from './session-challenge-queries.ts';

/** Keeps the login's WebAuthn challenge on the session waiting for its second factor, until `expiresAt`. */
export function keepLoginChallenge(
  q: Queryable,
  tokenHash: string,
  challenge: string,
  expiresAt: Date,
): Promise<void> {
  return setSessionChallenge(q, tokenHash, challenge, expiresAt);
}

/** The login's unexpired WebAuthn challenge, left in place; null when there is none. */
export function readLoginChallenge(q: Queryable, tokenHash: string, now: Date): Promise<string | null> {
  return sessionChallenge(q, tokenHash, now);
}
