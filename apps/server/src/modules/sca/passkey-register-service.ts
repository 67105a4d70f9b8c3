import { verifyRegistrationResponse } from '@simplewebauthn/server';
import type { PasskeyRegistrationRequest, ScaFactor } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { sqlState } from '../../db/types.ts';
import { AppError, validation } from '../../errors.ts';
import { insertPasskey } from './factor-queries.ts';
import { toFactor } from './factor-view.ts';
import { takeSessionChallenge } from './session-challenge-queries.ts';
import type { WebAuthnSite } from './webauthn-site.ts';

export const DEFAULT_PASSKEY_NAME = 'Clé d’accès';

const KNOWN_TRANSPORTS = new Set(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']);

/**
 * `POST /api/sca/passkeys`: verifies the new credential against the session's registration
 * challenge (taken once, whatever the outcome), this site's origin and RP id, with user
 * verification; stores its public key and counter as an active factor.
 */
export async function registerPasskey(
  ctx: AppContext,
  session: { customerId: string; tokenHash: string },
  input: PasskeyRegistrationRequest,
  site: WebAuthnSite,
): Promise<ScaFactor> {
  const now = ctx.clock.now();
  const challenge = await takeSessionChallenge(ctx.db, session.tokenHash, now);
  if (!challenge) {
    throw new AppError('invalid_token', 400, 'La demande d’enregistrement a expiré. Veuillez recommencer.');
  }
  const { credential } = input;
  const verification = await verifyRegistrationResponse({
    response: {
      ...credential,
      clientExtensionResults: credential.clientExtensionResults ?? {},
    } as Parameters<typeof verifyRegistrationResponse>[0]['response'],
    expectedChallenge: challenge,
    expectedOrigin: site.origin,
    expectedRPID: site.rpId,
    requireUserVerification: true,
  }).catch(() => null);
  if (!verification?.verified)
    throw validation('La clé d’accès n’a pas pu être vérifiée. Veuillez réessayer.');
  const { credential: verified } = verification.registrationInfo;
  try {
    const row = await insertPasskey(ctx.db, {
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
    return toFactor(row);
  } catch (error) {
    if (sqlState(error) === '23505')
      throw new AppError('conflict', 409, 'Cette clé d’accès est déjà enregistrée.');
    throw error;
  }
}
