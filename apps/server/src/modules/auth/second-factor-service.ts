// Error codes thrown here: unauthenticated.
import type { Me, ScaProof } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { attemptStrongAuth } from '../sca/index.ts';
import { checkProof } from '../sca/index.ts';
import { readLoginChallenge } from '../sca/index.ts';
import type { WebAuthnSite } from '../sca/index.ts';
import { getMe } from './me-service.ts';
import { activateSession } from './session-queries.ts';
import type { CustomerSession } from '../../http/customer-principal.ts';

/**
 * `POST /api/auth/login/second-factor`: the TOTP code or the passkey assertion (over the challenge
 * given at login) promotes the session to 'active'. Wrong proofs count towards the SCA lock with
 * those of payment confirmations (5 in a row → 15 minutes).
 */
export async function loginSecondFactor(
  ctx: AppContext,
  session: CustomerSession,
  proof: ScaProof,
  site: WebAuthnSite,
): Promise<{ me: Me }> {
  const now = ctx.clock.now();
  await attemptStrongAuth(ctx, session.customerId, async (q) => {
    const challenge = 'passkey' in proof ? await readLoginChallenge(q, session.tokenHash, now) : null;
    const method = await checkProof(
      ctx,
      q,
      session.customerId,
      proof,
      challenge ? { challenge, site } : null,
    );
    if (!method) return null;
    if (!(await activateSession(q, session.tokenHash))) throw new AppError('unauthenticated');
    return method;
  });
  return { me: await getMe(ctx, session) };
}
