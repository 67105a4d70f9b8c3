// Error codes thrown here: passkey_already_registered, passkey_not_verified, passkey_registration_expired.
import { webauthn } from './webauthn.ts';
import type { PasskeyRegistrationRequest, ScaFactor } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { sqlState } from '../../db/types.ts';
import { AppError } from '../../errors.ts';
import { lockCustomer } from '../customers/index.ts';
import { requireConfirmationSca } from './enrolment-sca.ts';
import { insertPasskey } from './factor-queries.ts';
import { toFactor } from './factor-view.ts';
import { dropPendingEnrolments } from './pending-enrolments.ts';
import { takeSessionChallenge } from './session-challenge-queries.ts';
import type { WebAuthnSite } from './webauthn-site.ts';

export const DEFAULT_PASSKEY_NAME = 'Clé d’accès';

const KNOWN_TRANSPORTS = new Set(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']);

/**
 * `POST /api/sca/passkeys`: verifies the new credential against the session's registration
 * challenge (taken once, whatever the outcome), this site's origin and RP id, with user
 * verification; stores its public key and counter as an active factor. When the customer has a
 * factor now, the registration must have started with its approval, or this call carries an
 * `X-SCA-Token` for `factor_enrolment` `{method: 'passkey'}`. Every other enrolment in progress is
 * then dropped.
 */
export async function registerPasskey(
  ctx: AppContext,
  session: { customerId: string; tokenHash: string },
  input: PasskeyRegistrationRequest,
  site: WebAuthnSite,
  scaToken: string | undefined,
): Promise<ScaFactor> {
  const now = ctx.clock.now();
  const taken = await takeSessionChallenge(ctx.db, session.tokenHash, now);
  if (!taken) {
    throw new AppError('passkey_registration_expired');
  }
  const { credential } = input;
  const { verifyRegistrationResponse: verify } = await webauthn();
  const verification = await verify({
    response: {
      ...credential,
      clientExtensionResults: credential.clientExtensionResults ?? {},
    },
    expectedChallenge: taken.challenge,
    expectedOrigin: site.origin,
    expectedRPID: site.rpId,
    requireUserVerification: true,
  }).catch(() => null);
  if (!verification?.verified) throw new AppError('passkey_not_verified');
  const { credential: verified } = verification.registrationInfo;
  try {
    return await ctx.db.tx(async (q) => {
      await lockCustomer(q, session.customerId);
      await requireConfirmationSca(q, ctx.clock, {
        customerId: session.customerId,
        method: 'passkey',
        token: scaToken,
        approved: taken.registrationApproved,
      });
      const row = await insertPasskey(q, {
        customerId: session.customerId,
        name: input.name ?? DEFAULT_PASSKEY_NAME,
        credentialId: verified.id,
        publicKey: Buffer.from(verified.publicKey).toString('base64url'),
        counter: verified.counter,
        transports: (verified.transports ?? credential.response.transports ?? []).filter((t) =>
          KNOWN_TRANSPORTS.has(t),
        ),
        now,
      });
      await dropPendingEnrolments(q, session.customerId);
      return toFactor(row);
    });
  } catch (error) {
    if (sqlState(error) === '23505') throw new AppError('passkey_already_registered');
    throw error;
  }
}
