// Error codes thrown here: weak_password.
import { passwordWeakness } from '@comptoir/core';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/types.ts';
import { AppError } from '../../errors.ts';
import { hashPassword } from '../../crypto/password.ts';
import { tokenHash } from '../../crypto/seal.ts';
import { mailBrand, passwordChangedMail, passwordResetMail } from '../../mail/templates.ts';
import { findCustomerByEmail, findCustomerById, lockCustomer, type CustomerRow } from '../customers/index.ts';
import { cancelPendingEmailChange } from './pending-email-change.ts';
import {
  consumeResetToken,
  countTokensSince,
  liveResetTokenOwner,
  setPasswordHash,
  voidOneTimeTokens,
} from './queries.ts';
import { insertResetRequest, takeResetRequest } from './reset-request-queries.ts';
import { closeAllCustomerSessions } from './sessions.ts';
import { invalidToken, issueOneTimeToken } from '../../crypto/one-time-tokens.ts';

export const RESET_TOKEN_TTL_SECONDS = 60 * 60;
/** At most this many reset mails per account and hour; more requests are silently ignored. */
export const RESET_MAILS_PER_HOUR = 3;

/** Accounts that can never sign in again get no reset link either. */
const NO_RESET = new Set(['closed', 'rejected']);

export const weakPassword = (reason: string) => new AppError('weak_password', { reason });

/** The customer's own words a password must not contain. */
export const personalWords = (
  c: Pick<CustomerRow, 'email' | 'first_name' | 'last_name'>,
  ...more: string[]
) => [c.email, c.email.split('@')[0] ?? '', c.first_name ?? '', c.last_name ?? '', ...more].filter(Boolean);

/**
 * POST /api/auth/password-reset. Whatever the address, the caller learns nothing, not even from the
 * time the answer takes: the request is only queued (the same insert for every address) and the
 * route answers 202. `sendRequestedPasswordResets` does the work later.
 */
export async function requestPasswordReset(ctx: AppContext, email: string): Promise<void> {
  await insertResetRequest(ctx.db, email, ctx.clock.now());
}

/** Requests handled per run, at most (the job runs again a second later). */
const RESETS_PER_RUN = 200;

/**
 * The job behind the reset requests (every second, and directly in tests): for each queued address
 * that has an account able to sign in, a single-use link valid 1 h is mailed, within the per-account
 * mail limit; the request is deleted in the same transaction. Returns how many requests it handled.
 */
export async function sendRequestedPasswordResets(ctx: AppContext): Promise<number> {
  for (let handled = 0; handled < RESETS_PER_RUN; handled++) {
    const found = await ctx.db.tx(async (q) => {
      const request = await takeResetRequest(q);
      if (!request) return false;
      const customer = await findCustomerByEmail(q, request.email);
      if (customer && !NO_RESET.has(customer.status)) await mailResetLink(ctx, q, customer);
      return true;
    });
    if (!found) return handled;
  }
  return RESETS_PER_RUN;
}

async function mailResetLink(ctx: AppContext, q: Queryable, customer: CustomerRow): Promise<void> {
  await lockCustomer(q, customer.id);
  const now = ctx.clock.now();
  const since = new Date(now.getTime() - 60 * 60 * 1000);
  if ((await countTokensSince(q, customer.id, 'password_reset', since)) >= RESET_MAILS_PER_HOUR) return;
  const token = await issueOneTimeToken(q, {
    purpose: 'password_reset',
    customerId: customer.id,
    now,
    ttlSeconds: RESET_TOKEN_TTL_SECONDS,
    // The address the link goes to: it works only while that address is still the customer's.
    payload: { email: customer.email },
  });
  const brand = mailBrand(ctx.config);
  await ctx.outbox.enqueue(
    q,
    passwordResetMail(brand, {
      to: customer.email,
      firstName: customer.first_name,
      link: `${brand.publicUrl}/change-password?token=${encodeURIComponent(token)}`,
      validMinutes: RESET_TOKEN_TTL_SECONDS / 60,
    }),
  );
}

/**
 * POST /api/auth/password-reset/confirm: a live link sets a new (strong enough) password, lifts any
 * lock, signs the customer out of every session and cancels a pending e-mail change (the mail about
 * it told the customer to change their password). The link then stops working, like every other
 * reset link of the account. A link mailed to an address that is no longer the customer's, or issued
 * before their last password or e-mail change, is refused (400 `invalid_token`).
 */
export async function confirmPasswordReset(ctx: AppContext, token: string, password: string): Promise<void> {
  const ownerId = await liveResetTokenOwner(ctx.db, tokenHash(token), ctx.clock.now());
  const customer = ownerId ? await findCustomerById(ctx.db, ownerId) : null;
  if (!customer || NO_RESET.has(customer.status)) throw invalidToken();
  const weakness = passwordWeakness(password, personalWords(customer));
  if (weakness) throw weakPassword(weakness);
  const passwordHash = await hashPassword(password);

  await ctx.db.tx(async (q) => {
    const now = ctx.clock.now();
    await lockCustomer(q, customer.id);
    const customerId = await consumeResetToken(q, tokenHash(token), now);
    if (customerId !== customer.id) throw invalidToken();
    await setPasswordHash(q, customerId, passwordHash, now);
    await voidOneTimeTokens(q, customerId, 'password_reset', now);
    await cancelPendingEmailChange(q, customerId, now);
    await closeAllCustomerSessions(ctx, q, customerId);
    await ctx.outbox.enqueue(
      q,
      passwordChangedMail(mailBrand(ctx.config), { to: customer.email, firstName: customer.first_name }),
    );
  });
}
