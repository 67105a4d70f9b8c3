import type { Queryable } from '../db/types.ts';

/** What a single-use link token is for; a token is used only for its own purpose. */
export type TokenPurpose = 'password_reset' | 'email_change' | 'email_verify';

/** Keeps a new token's HMAC (never the token itself) with its purpose, owner and expiry. */
export async function insertOneTimeToken(
  q: Queryable,
  t: {
    tokenHash: string;
    purpose: TokenPurpose;
    customerId: string;
    payload: Record<string, unknown>;
    now: Date;
    expiresAt: Date;
  },
): Promise<void> {
  await q.query(
    `insert into one_time_tokens (token_hash, purpose, customer_id, payload, created_at, expires_at)
     values ($1, $2, $3, $4::jsonb, $5, $6)`,
    [t.tokenHash, t.purpose, t.customerId, JSON.stringify(t.payload), t.now, t.expiresAt],
  );
}

/** Uses a live token once, atomically: a second use (or a concurrent one) finds nothing. */
export async function consumeOneTimeToken(
  q: Queryable,
  tokenHash: string,
  purpose: TokenPurpose,
  now: Date,
): Promise<{ customer_id: string; payload: Record<string, unknown> } | null> {
  const { rows } = await q.query<{ customer_id: string; payload: Record<string, unknown> }>(
    `update one_time_tokens set used_at = $3
      where token_hash = $1 and purpose = $2 and used_at is null and expires_at > $3
      returning customer_id, payload`,
    [tokenHash, purpose, now],
  );
  return rows[0] ?? null;
}
