import type { Queryable } from '../../db/types.ts';

/**
 * Marks the token used if it is this customer's, verified, unexpired, unused and bound to exactly
 * this action and details hash — one statement, so two calls racing with one token cannot both win.
 */
export async function consumeToken(
  q: Queryable,
  input: { customerId: string; tokenHash: string; action: string; detailsHash: string; now: Date },
): Promise<boolean> {
  const { rowCount } = await q.query(
    `update sca_challenges set used_at = $5
      where token_hash = $2 and customer_id = $1 and action = $3 and details_hash = $4
        and verified_at is not null and used_at is null and token_expires_at > $5`,
    [input.customerId, input.tokenHash, input.action, input.detailsHash, input.now],
  );
  return rowCount === 1;
}

/** Records a verified challenge's token (its HMAC only) and when it expires. */
export async function storeVerifiedToken(
  q: Queryable,
  input: { challengeId: string; tokenHash: string; method: 'totp' | 'passkey'; now: Date; expiresAt: Date },
): Promise<void> {
  await q.query(
    `update sca_challenges set verified_at = $4, verified_with = $3, token_hash = $2, token_expires_at = $5
      where id = $1 and verified_at is null`,
    [input.challengeId, input.tokenHash, input.method, input.now, input.expiresAt],
  );
}
