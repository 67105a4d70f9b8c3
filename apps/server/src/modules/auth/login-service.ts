// Error codes thrown here: account_closed, invalid_credentials.
import { randomBytes } from 'node:crypto';
import type { LoginRequest, LoginResponse } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { dummyHash, verifyPassword } from '../../crypto/password.ts';
import { findCustomerByEmail } from '../customers/index.ts';
import {
  accountLocked,
  registerDecoyFailure,
  registerRightPassword,
  registerWrongPassword,
} from './lockout.ts';
import { isLocked } from '../sca/index.ts';
import { closeCustomerSession, openCustomerSession } from './sessions.ts';
import { toMe } from './me-service.ts';
import { findActiveFactors } from '../sca/index.ts';
import { methodsOf, passkeyRequestOptions } from '../sca/index.ts';
import { WEBAUTHN_CHALLENGE_SECONDS } from '../sca/index.ts';
import { keepLoginChallenge } from '../sca/index.ts';
import type { WebAuthnSite } from '../sca/index.ts';

export const invalidCredentials = () => new AppError('invalid_credentials');

/** What a closed customer is told once the password is right: the account is closed, whom to ask. */
const accountClosed = (ctx: AppContext) => {
  const { emails, phone } = ctx.config.institution;
  return new AppError('account_closed', { supportEmail: emails.support, phone });
};

/**
 * Statuses that can never sign in; they get the very answer of a wrong password — except a closed
 * customer who gave the right password, who is told the account is closed and whom to contact.
 */
const NO_LOGIN = new Set(['closed', 'rejected']);

/**
 * Password login (docs/product/profile-and-security.md#sign-in-and-sessions). Unknown e-mail, wrong password and closed/rejected customers all get
 * the same 401 after the same work (a closed customer's right password gets 403 `account_closed`
 * after that same work): one argon2 verification (a dummy hash when there is no account)
 * and one counted failure (on a decoy row when there is no account's own failure to count). So does an applicant whose address is not verified yet,
 * even with the right password: otherwise the password chosen at sign-up would tell whether the
 * address already had an account (its owner's password differs). The verification link opens
 * their first session. 5 consecutive failures lock the account (423, with the
 * end of the lock); during a lock even the right password is refused. Success opens a server-side
 * session and returns its token (for the cookie) — any session the browser still had is closed.
 * A customer with an active second factor gets a session in stage 'second_factor' and what to give
 * next (`POST /api/auth/login/second-factor`); that step comes only after a right password, so it
 * tells nothing about the address that a wrong password would not.
 */
export async function login(
  ctx: AppContext,
  input: LoginRequest,
  meta: { ip: string; userAgent: string; previousToken?: string | undefined; site: WebAuthnSite },
): Promise<{ token: string; response: LoginResponse }> {
  const customer = await findCustomerByEmail(ctx.db, input.email);
  const refuse = async () => {
    await registerDecoyFailure(ctx.db, input.email, ctx.clock.now());
    return invalidCredentials();
  };
  if (!customer) {
    await verifyPassword(await dummyHash(), input.password);
    throw await refuse();
  }
  if (NO_LOGIN.has(customer.status)) {
    const right = await verifyPassword(customer.password_hash, input.password);
    const refusal = await refuse();
    // The same work either way; only the account's own password learns that it is closed.
    if (right && customer.status === 'closed') throw accountClosed(ctx);
    throw refusal;
  }
  if (isLocked(customer.locked_until, ctx.clock.now())) throw accountLocked(customer.locked_until);

  if (!(await verifyPassword(customer.password_hash, input.password))) {
    const lock = await registerWrongPassword(ctx.db, customer.id, ctx.clock.now());
    if (lock) throw accountLocked(lock);
    throw invalidCredentials();
  }
  if (customer.status === 'pending_email') throw await refuse();

  const now = ctx.clock.now();
  const { session, factors, passkey } = await ctx.db.tx(async (q) => {
    await registerRightPassword(q, customer.id, now);
    const factors = await findActiveFactors(q, customer.id);
    const session = await openCustomerSession(ctx, q, customer.id, {
      ip: meta.ip,
      userAgent: meta.userAgent,
      stage: factors.length > 0 ? 'second_factor' : 'active',
    });
    const passkey = await passkeyRequestOptions(factors, meta.site, new Uint8Array(randomBytes(32)));
    if (passkey) {
      const expiresAt = new Date(now.getTime() + WEBAUTHN_CHALLENGE_SECONDS * 1000);
      await keepLoginChallenge(q, session.tokenHash, passkey.challenge, expiresAt);
    }
    return { session, factors, passkey };
  });
  await closeCustomerSession(ctx, meta.previousToken);
  if (factors.length === 0)
    return { token: session.token, response: { me: toMe(ctx, customer, session, 0) } };
  return {
    token: session.token,
    response: { secondFactor: { methods: methodsOf(factors), ...(passkey ? { passkey } : {}) } },
  };
}
