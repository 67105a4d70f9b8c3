// Error codes thrown here: invalid_token.
import type { Queryable } from '../db/types.ts';
import { AppError } from '../errors.ts';
import { consumeOneTimeToken, insertOneTimeToken, type TokenPurpose } from './one-time-token-queries.ts';
import { newToken, tokenHash } from './seal.ts';

/**
 * Single-use link tokens (password reset, e-mail change, e-mail verification): 256 random bits in
 * the link, only their HMAC in `one_time_tokens`.
 */
export async function issueOneTimeToken(
  q: Queryable,
  t: {
    purpose: TokenPurpose;
    customerId: string;
    now: Date;
    ttlSeconds: number;
    payload?: Record<string, unknown>;
  },
): Promise<string> {
  const token = newToken();
  await insertOneTimeToken(q, {
    tokenHash: tokenHash(token),
    purpose: t.purpose,
    customerId: t.customerId,
    payload: t.payload ?? {},
    now: t.now,
    expiresAt: new Date(t.now.getTime() + t.ttlSeconds * 1000),
  });
  return token;
}

export const invalidToken = () => new AppError('invalid_token');

/** Uses a token once; unknown, used, expired or of another purpose → 400 `invalid_token`. */
export async function useOneTimeToken(q: Queryable, token: string, purpose: TokenPurpose, now: Date) {
  const row = await consumeOneTimeToken(q, tokenHash(token), purpose, now);
  if (!row) throw invalidToken();
  return { customerId: row.customer_id, payload: row.payload };
}
