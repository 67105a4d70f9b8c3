import { webauthn } from './webauthn.ts';
import type { PasskeyAssertion, ScaMethod, ScaProof } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/types.ts';
import { matchTotpStep } from '../../crypto/totp.ts';
import { activeFactors, claimTotpStep, passkeyOf, recordPasskeyUse } from './factor-queries.ts';
import { openTotpSecret } from './totp-secret.ts';
import type { WebAuthnSite } from './webauthn-site.ts';

/** What a passkey assertion must have signed, and where. */
export interface PasskeyExpectation {
  challenge: string;
  site: WebAuthnSite;
}

/**
 * Checks a TOTP code against the customer's TOTP factors (claiming its step, so it is never
 * accepted twice) or a passkey assertion against their passkeys (the expected challenge, origin and
 * RP id, user verification; the signature counter is recorded). Returns the method that succeeded,
 * or null. Runs in the caller's transaction.
 */
export async function checkProof(
  ctx: AppContext,
  q: Queryable,
  customerId: string,
  proof: ScaProof,
  passkey: PasskeyExpectation | null,
): Promise<ScaMethod | null> {
  if ('code' in proof) return (await checkTotp(ctx, q, customerId, proof.code)) ? 'totp' : null;
  if (!passkey) return null;
  return (await checkPasskey(ctx, q, customerId, proof.passkey, passkey)) ? 'passkey' : null;
}

async function checkTotp(ctx: AppContext, q: Queryable, customerId: string, code: string): Promise<boolean> {
  const now = ctx.clock.now();
  for (const factor of await activeFactors(q, customerId)) {
    if (factor.type !== 'totp' || !factor.totp_secret_sealed) continue;
    const step = matchTotpStep(openTotpSecret(ctx, factor.id, factor.totp_secret_sealed), code, now);
    if (step !== null && (await claimTotpStep(q, factor.id, step, now))) return true;
  }
  return false;
}

async function checkPasskey(
  ctx: AppContext,
  q: Queryable,
  customerId: string,
  assertion: PasskeyAssertion,
  expected: PasskeyExpectation,
): Promise<boolean> {
  const factor = await passkeyOf(q, customerId, assertion.id);
  if (!factor?.credential_id || !factor.public_key) return false;
  try {
    const { verifyAuthenticationResponse } = await webauthn();
    const result = await verifyAuthenticationResponse({
      response: { ...assertion, clientExtensionResults: assertion.clientExtensionResults ?? {} },
      expectedChallenge: expected.challenge,
      expectedOrigin: expected.site.origin,
      expectedRPID: expected.site.rpId,
      requireUserVerification: true,
      credential: {
        id: factor.credential_id,
        publicKey: new Uint8Array(Buffer.from(factor.public_key, 'base64url')),
        counter: Number(factor.counter),
        transports: factor.transports ?? [],
      },
    });
    if (!result.verified) return false;
    await recordPasskeyUse(q, factor.id, result.authenticationInfo.newCounter, ctx.clock.now());
    return true;
  } catch {
    // A malformed or forged assertion is a wrong proof like any other.
    return false;
  }
}
