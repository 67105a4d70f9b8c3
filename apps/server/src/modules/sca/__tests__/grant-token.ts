import type { ScaAction, ScaDetails } from '@comptoir/contracts';
import type { AppContext } from '../../../context.ts';
import { newToken, tokenHash } from '../../../crypto/seal.ts';
import { canonicalDetails, detailsHash } from '../details.ts';
import { storeVerifiedToken } from '../token-queries.ts';

/**
 * Tests of protected calls (beneficiaries, transfers, cards) that are not about strong
 * authentication itself: a verified challenge for exactly these details, as if the customer had
 * typed their code, and its token. Never imported by production code.
 */
export async function grantScaToken<A extends ScaAction>(
  ctx: AppContext,
  customerId: string,
  action: A,
  details: ScaDetails<A>,
): Promise<string> {
  const token = newToken();
  const now = ctx.clock.now();
  await ctx.db.tx(async (q) => {
    const { rows } = await q.query<{ id: string }>(
      `insert into sca_challenges (customer_id, action, details, details_hash, nonce, expires_at)
       values ($1, $2, $3, $4, $5, $6) returning id`,
      [
        customerId,
        action,
        JSON.stringify(canonicalDetails(action, details)),
        detailsHash(action, details),
        newToken(),
        new Date(now.getTime() + 5 * 60_000),
      ],
    );
    const id = rows[0]?.id;
    if (!id) throw new Error('challenge not created');
    await storeVerifiedToken(q, {
      challengeId: id,
      tokenHash: tokenHash(token),
      method: 'totp',
      now,
      expiresAt: new Date(now.getTime() + 5 * 60_000),
    });
  });
  return token;
}
