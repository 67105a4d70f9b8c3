// Error codes thrown here: sca_challenge_already_verified, sca_challenge_expired, sca_challenge_not_found.
import type { ScaProof, ScaVerification } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { newToken, tokenHash } from '../../crypto/seal.ts';
import { AppError } from '../../errors.ts';
import { attemptStrongAuth } from './attempt.ts';
import { challengeForUpdate, countChallengeAttempt } from './challenge-queries.ts';
import { passkeyChallengeBytes, toBase64Url } from './passkey-challenge.ts';
import { checkProof } from './proof.ts';
import { storeVerifiedToken } from './token-queries.ts';
import type { WebAuthnSite } from './webauthn-site.ts';

/** How long the single-use token of a verified challenge stays valid. */
export const SCA_TOKEN_SECONDS = 5 * 60;

const challengeExpired = () => new AppError('sca_challenge_expired');

/**
 * `POST /api/sca/challenges/{id}/verify`: a TOTP code (its step never accepted twice) or a passkey
 * assertion over this challenge's own WebAuthn challenge → a single-use token for `X-SCA-Token`,
 * valid 5 minutes, bound to the challenge's action and details. Wrong proofs count towards the SCA
 * lock; another customer's challenge is unknown (404).
 */
export async function verifyChallenge(
  ctx: AppContext,
  customerId: string,
  challengeId: string,
  proof: ScaProof,
  site: WebAuthnSite,
): Promise<ScaVerification> {
  const now = ctx.clock.now();
  return attemptStrongAuth(ctx, customerId, async (q) => {
    const challenge = await challengeForUpdate(q, customerId, challengeId);
    if (!challenge) throw new AppError('sca_challenge_not_found');
    if (challenge.verified_at) throw new AppError('sca_challenge_already_verified');
    if (challenge.expires_at <= now) throw challengeExpired();
    const method = await checkProof(ctx, q, customerId, proof, {
      challenge: toBase64Url(passkeyChallengeBytes(challenge)),
      site,
    });
    if (!method) {
      await countChallengeAttempt(q, challenge.id);
      return null;
    }
    const scaToken = newToken();
    const expiresAt = new Date(now.getTime() + SCA_TOKEN_SECONDS * 1000);
    await storeVerifiedToken(q, {
      challengeId: challenge.id,
      tokenHash: tokenHash(scaToken),
      method,
      now,
      expiresAt,
    });
    return { scaToken, expiresAt: expiresAt.toISOString() };
  });
}
