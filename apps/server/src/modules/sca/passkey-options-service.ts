// Error codes thrown here: unauthenticated.
import type { AuthenticatorTransport } from '@simplewebauthn/server';
import { publicKeyDescriptors, webauthn } from './webauthn.ts';
import type { PasskeyCreationOptions } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { lockCustomer } from '../customers/index.ts';
import { findCustomerById } from '../customers/index.ts';
import { requireEnrolmentSca } from './enrolment-sca.ts';
import { activeFactors } from './factor-queries.ts';
import { setSessionChallenge } from './session-challenge-queries.ts';
import { WEBAUTHN_CHALLENGE_SECONDS } from './passkey-challenge.ts';
import type { WebAuthnSite } from './webauthn-site.ts';

/**
 * `POST /api/sca/passkeys/registration-options`: creation options for a new passkey on this site
 * (user verification required, the customer's passkeys excluded); the challenge waits on the
 * session for `registerPasskey` (5 minutes at most, dropped when any factor is added), with whether
 * an existing factor approved it.
 */
export async function passkeyRegistrationOptions(
  ctx: AppContext,
  session: { customerId: string; tokenHash: string },
  site: WebAuthnSite,
  scaToken: string | undefined,
): Promise<PasskeyCreationOptions> {
  const customer = await findCustomerById(ctx.db, session.customerId);
  if (!customer) throw new AppError('unauthenticated');
  const passkeys = (await activeFactors(ctx.db, session.customerId)).filter((f) => f.type === 'passkey');
  const displayName = [customer.first_name, customer.last_name].filter(Boolean).join(' ') || customer.email;
  const { generateRegistrationOptions } = await webauthn();
  const options = await generateRegistrationOptions({
    rpName: site.rpName,
    rpID: site.rpId,
    userName: customer.email,
    userDisplayName: displayName,
    userID: new Uint8Array(Buffer.from(customer.id.replaceAll('-', ''), 'hex')),
    attestationType: 'none',
    timeout: 120_000,
    excludeCredentials: passkeys.map((f) => ({
      id: f.credential_id ?? '',
      transports: (f.transports ?? []) as AuthenticatorTransport[],
    })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'required' },
  });
  const expiresAt = new Date(ctx.clock.now().getTime() + WEBAUTHN_CHALLENGE_SECONDS * 1000);
  await ctx.db.tx(async (q) => {
    await lockCustomer(q, customer.id);
    const approved = await requireEnrolmentSca(q, ctx.clock, {
      customerId: customer.id,
      method: 'passkey',
      token: scaToken,
    });
    await setSessionChallenge(q, session.tokenHash, options.challenge, expiresAt, approved);
  });
  return { ...options, excludeCredentials: publicKeyDescriptors(options.excludeCredentials) };
}
