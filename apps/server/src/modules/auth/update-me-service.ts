// Error codes thrown here: identity_fields_not_editable, unauthenticated, wrong_password.
import { passwordWeakness } from '@comptoir/core';
import { type UpdateMeRequest, type UpdateMeResponse, type UpdateProfileRequest } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/types.ts';
import { AppError } from '../../errors.ts';
import { hashPassword, verifyPassword } from '../../crypto/password.ts';
import {
  alreadyRegisteredMail,
  emailChangeConfirmationMail,
  emailChangeNoticeMail,
  mailBrand,
  passwordChangedMail,
} from '../../mail/templates.ts';
import { findCustomerById, lockCustomer, type CustomerRow } from '../customers/index.ts';
import { accountLocked, registerRightPassword, registerWrongPassword } from './lockout.ts';
import { isLocked } from '../sca/index.ts';
import {
  countTokensSince,
  emailTakenByOther,
  hasLiveOneTimeToken,
  revokeOtherSessions,
  setPasswordHash,
  setPendingEmail,
  voidOneTimeTokens,
} from './queries.ts';
import { issueOneTimeToken } from '../../crypto/one-time-tokens.ts';
import { EMAIL_CHANGE_TOKEN_TTL_SECONDS } from './email-change-service.ts';
import { personalWords, weakPassword } from './password-reset-service.ts';
import { toMe } from './me-service.ts';
import { countSecondFactors } from '../sca/index.ts';
import { appendAudit } from '../../audit/audit.ts';
import { publishSessionsChanged } from '../../events/index.ts';
import { setCustomerContact } from './contact-queries.ts';
import { cancelPendingEmailChange } from './pending-email-change.ts';

/** At most this many e-mail change requests per account and hour are mailed; more are silently not. */
export const EMAIL_CHANGE_MAILS_PER_HOUR = 5;

export const wrongPassword = () => new AppError('wrong_password');

/**
 * PATCH /api/me (the /update-user screen). The current password is required; a wrong one counts
 * toward the login lockout. The verified identity is not editable here (`refuseIdentityChange`:
 * names, birth date and tax residence change only through a reviewed identity change request). A
 * new password must pass the strength rule, signs out the customer's other sessions, voids reset
 * links and cancels a pending e-mail change — also when the form sends that pending address again,
 * as it does pre-filled. A new e-mail is only recorded as pending: a
 * confirmation link goes to the new address and a notice to the current one (sending the pending
 * address again changes nothing; sending the current one cancels the change). When the new address
 * already belongs to someone else, the answer is the same and that address gets a notice instead
 * of a link, so nobody learns which addresses have an account. The phone (E.164) and the postal
 * address (all three fields) change only when given. Whatever changed is audited with the customer
 * as actor — the names of the fields, never their values nor any password.
 */
export async function updateMe(
  ctx: AppContext,
  session: { customerId: string; expiresAt: Date; tokenHash: string },
  input: UpdateProfileRequest,
): Promise<UpdateMeResponse> {
  const customer = await findCustomerById(ctx.db, session.customerId);
  if (!customer) throw new AppError('unauthenticated');
  if (isLocked(customer.locked_until, ctx.clock.now())) throw accountLocked(customer.locked_until);
  refuseIdentityChange(customer, input);
  if (!(await verifyPassword(customer.password_hash, input.currentPassword))) {
    const lock = await registerWrongPassword(ctx.db, customer.id, ctx.clock.now());
    if (lock) throw accountLocked(lock);
    throw wrongPassword();
  }

  const newPassword = input.newPassword ? input.newPassword : null;
  let newHash: string | null = null;
  if (newPassword) {
    const weakness = passwordWeakness(newPassword, personalWords(customer, input.email));
    if (weakness) throw weakPassword(weakness);
    newHash = await hashPassword(newPassword);
  }

  const updated = await ctx.db.tx(async (q) => {
    const now = ctx.clock.now();
    await lockCustomer(q, customer.id);
    const before = (await findCustomerById(q, customer.id)) ?? customer;
    await registerRightPassword(q, customer.id, now);
    await setCustomerContact(q, customer.id, input, now);
    let current = before;
    if (newHash) {
      await setPasswordHash(q, customer.id, newHash, now);
      await voidOneTimeTokens(q, customer.id, 'password_reset', now);
      if (before.pending_email !== null) {
        await cancelPendingEmailChange(q, customer.id, now);
        current = { ...before, pending_email: null };
      }
      await revokeOtherSessions(q, customer.id, session.tokenHash, now);
      await publishSessionsChanged(q, customer.id);
      await ctx.outbox.enqueue(
        q,
        passwordChangedMail(mailBrand(ctx.config), { to: customer.email, firstName: customer.first_name }),
      );
    }
    await requestEmailChange(ctx, q, current, input, now, newHash ? before.pending_email : null);
    const after = await findCustomerById(q, customer.id);
    if (after) {
      const fields = changedFields(before, after, newHash !== null);
      if (fields.length > 0) {
        await appendAudit(q, {
          operatorId: null,
          actor: 'customer',
          customerId: customer.id,
          action: 'customer.profile_updated',
          details: { fields },
          at: now,
        });
      }
    }
    return after;
  });
  if (!updated) throw new AppError('unauthenticated');
  const secondFactors = await countSecondFactors(ctx.db, updated.id);
  return {
    me: toMe(ctx, updated, session, secondFactors),
    emailChangePending: updated.pending_email !== null,
  };
}

/**
 * Refuses, before anything else is looked at, a body that would change the verified identity: a
 * first or last name other than the one on file (an older form re-sending the same name is fine),
 * or any birth date, tax residence or nationality. 422 `identity_fields_not_editable`.
 */
function refuseIdentityChange(customer: CustomerRow, input: UpdateProfileRequest): void {
  const renamed =
    (input.firstName !== undefined && input.firstName !== customer.first_name) ||
    (input.lastName !== undefined && input.lastName !== customer.last_name);
  const other = [input.birthDate, input.taxCountry, input.nationality].some((v) => v !== undefined);
  if (renamed || other) {
    throw new AppError('identity_fields_not_editable');
  }
}

/** The names of what the customer changed (the audit log must not become a copy of personal data). */
function changedFields(before: CustomerRow, after: CustomerRow, password: boolean): string[] {
  const compared: [string, string | null, string | null][] = [
    ['firstName', before.first_name, after.first_name],
    ['lastName', before.last_name, after.last_name],
    ['phone', before.phone, after.phone],
    ['address', before.address, after.address],
    ['postalCode', before.postal_code, after.postal_code],
    ['city', before.city, after.city],
    ['pendingEmail', before.pending_email, after.pending_email],
  ];
  const fields = compared.filter(([, a, b]) => a !== b).map(([name]) => name);
  if (password) fields.push('password');
  return fields.sort();
}

/**
 * The e-mail part of the form. `cancelled` is the pending address a new password just cancelled: the
 * form sending it again (pre-filled) is not a new request, so it stays cancelled.
 */
async function requestEmailChange(
  ctx: AppContext,
  q: Queryable,
  customer: CustomerRow,
  input: UpdateMeRequest,
  now: Date,
  cancelled: string | null,
): Promise<void> {
  const email = input.email.trim().toLowerCase();
  if (email === customer.email.toLowerCase() || email === cancelled?.toLowerCase()) {
    // Back to the current address: forget a change that was waiting for confirmation.
    if (customer.pending_email !== null) {
      await setPendingEmail(q, customer.id, null, now);
      await voidOneTimeTokens(q, customer.id, 'email_change', now);
    }
    return;
  }
  if (
    customer.pending_email?.toLowerCase() === email &&
    (await hasLiveOneTimeToken(q, customer.id, 'email_change', now))
  ) {
    // The form re-sent the address already waiting for confirmation (e.g. to change a name):
    // the link already mailed stays the valid one, nothing more is sent.
    return;
  }

  const since = new Date(now.getTime() - 60 * 60 * 1000);
  const withinLimit =
    (await countTokensSince(q, customer.id, 'email_change', since)) < EMAIL_CHANGE_MAILS_PER_HOUR;
  await setPendingEmail(q, customer.id, email, now);
  await voidOneTimeTokens(q, customer.id, 'email_change', now);
  // A token is issued either way (it also counts toward the limit); it is mailed only when the
  // address is free, so a taken address cannot be confirmed and the answer does not differ.
  const token = await issueOneTimeToken(q, {
    purpose: 'email_change',
    customerId: customer.id,
    now,
    ttlSeconds: EMAIL_CHANGE_TOKEN_TTL_SECONDS,
    payload: { email },
  });
  if (!withinLimit) return;

  const brand = mailBrand(ctx.config);
  const firstName = customer.first_name;
  if (await emailTakenByOther(q, customer.id, email)) {
    await ctx.outbox.enqueue(q, alreadyRegisteredMail(brand, { to: email }));
  } else {
    await ctx.outbox.enqueue(
      q,
      emailChangeConfirmationMail(brand, {
        to: email,
        firstName,
        link: `${brand.publicUrl}/update-user?emailToken=${encodeURIComponent(token)}`,
        validHours: EMAIL_CHANGE_TOKEN_TTL_SECONDS / 3600,
      }),
    );
  }
  await ctx.outbox.enqueue(
    q,
    emailChangeNoticeMail(brand, { to: customer.email, firstName, newEmail: email }),
  );
}
