import { createHash } from 'node:crypto';
import type { AuthenticatorTransport } from '@simplewebauthn/server';
import { publicKeyDescriptors, webauthn } from './webauthn.ts';
import type { PasskeyRequestOptions } from '@comptoir/contracts';
import type { FactorRow } from './factor-queries.ts';
import type { WebAuthnSite } from './webauthn-site.ts';

/** How long a passkey registration or login challenge stays valid. */
export const WEBAUTHN_CHALLENGE_SECONDS = 5 * 60;

/**
 * The WebAuthn challenge of an SCA challenge: SHA-256 of its action, the hash of its canonical
 * details and its random nonce — so the passkey's signature covers the amount and payee shown.
 */
export function passkeyChallengeBytes(challenge: {
  action: string;
  details_hash: string;
  nonce: string;
}): Uint8Array {
  return new Uint8Array(
    createHash('sha256')
      .update(JSON.stringify([challenge.action, challenge.details_hash, challenge.nonce]))
      .digest(),
  );
}

export const toBase64Url = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64url');

/** Request options for the customer's passkeys (undefined when they have none). */
export async function passkeyRequestOptions(
  factors: FactorRow[],
  site: WebAuthnSite,
  challenge: Uint8Array,
): Promise<PasskeyRequestOptions | undefined> {
  const passkeys = factors.filter((f) => f.type === 'passkey' && f.credential_id);
  if (passkeys.length === 0) return undefined;
  const { generateAuthenticationOptions } = await webauthn();
  const options = await generateAuthenticationOptions({
    rpID: site.rpId,
    challenge: new Uint8Array(challenge),
    timeout: 120_000,
    userVerification: 'required',
    allowCredentials: passkeys.map((f) => ({
      id: f.credential_id ?? '',
      transports: (f.transports ?? []) as AuthenticatorTransport[],
    })),
  });
  return { ...options, allowCredentials: publicKeyDescriptors(options.allowCredentials) };
}

/** The methods a customer's factors offer, TOTP first. */
export const methodsOf = (factors: FactorRow[]): ('totp' | 'passkey')[] =>
  (['totp', 'passkey'] as const).filter((type) => factors.some((f) => f.type === type));
