import type { ScaChallenge, ScaChallengeRequest } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { newToken } from '../../crypto/seal.ts';
import { canonicalDetails, detailsHash } from './details.ts';
import { insertChallenge } from './challenge-queries.ts';
import { activeFactors } from './factor-queries.ts';
import { scaLockForUpdate } from './lock-queries.ts';
import { enrolmentRequired, isLocked, scaLocked } from './lock.ts';
import { methodsOf, passkeyChallengeBytes, passkeyRequestOptions } from './passkey-challenge.ts';
import type { WebAuthnSite } from './webauthn-site.ts';

/** How long a challenge waits for its code or passkey. */
export const CHALLENGE_SECONDS = 5 * 60;

/**
 * `POST /api/sca/challenges`: a challenge bound to the action and its exact details (dynamic
 * linking), to verify with a TOTP code or a passkey. A customer without an active factor is told to
 * enrol one (403 `sca_enrolment_required`), a locked one when SCA unlocks (423 `sca_locked`).
 */
export async function createChallenge(
  ctx: AppContext,
  customerId: string,
  request: ScaChallengeRequest,
  site: WebAuthnSite,
): Promise<ScaChallenge> {
  const now = ctx.clock.now();
  const { row, factors } = await ctx.db.tx(async (q) => {
    const lockedUntil = await scaLockForUpdate(q, customerId);
    if (isLocked(lockedUntil, now)) throw scaLocked(lockedUntil);
    const factors = await activeFactors(q, customerId);
    if (factors.length === 0) throw enrolmentRequired();
    const row = await insertChallenge(q, {
      customerId,
      action: request.action,
      details: canonicalDetails(request.action, request.details),
      detailsHash: detailsHash(request.action, request.details),
      nonce: newToken(),
      now,
      expiresAt: new Date(now.getTime() + CHALLENGE_SECONDS * 1000),
    });
    return { row, factors };
  });
  const passkey = await passkeyRequestOptions(factors, site, passkeyChallengeBytes(row));
  return {
    id: row.id,
    action: request.action,
    details: canonicalDetails(request.action, request.details),
    expiresAt: row.expires_at.toISOString(),
    methods: methodsOf(factors),
    ...(passkey ? { passkey } : {}),
  };
}
