import { maskEmail } from '@comptoir/core';
import type { AppContext } from '../../context.ts';
import { sqlState } from '../../db/types.ts';
import { emailChangedMail, mailBrand } from '../../mail/templates.ts';
import { findCustomerById } from '../customers/index.ts';
import { applyPendingEmail, emailTakenByOther, voidOneTimeTokens } from './queries.ts';
import { invalidToken, useOneTimeToken } from '../../crypto/one-time-tokens.ts';

export const EMAIL_CHANGE_TOKEN_TTL_SECONDS = 24 * 60 * 60;

/**
 * POST /api/auth/email-change/confirm: the link mailed to the new address applies it (single use,
 * 24 h). It works from any browser — holding the link proves control of the mailbox. A link made
 * stale (another change requested since, the change cancelled by a password reset, a new password
 * or « Déconnecter toutes les autres sessions », or the address taken meanwhile) → 400
 * `invalid_token`. The old address is told, with the new one masked; reset links mailed to it stop
 * working.
 */
export async function confirmEmailChange(ctx: AppContext, token: string): Promise<void> {
  try {
    await ctx.db.tx(async (q) => {
      const now = ctx.clock.now();
      const { customerId, payload } = await useOneTimeToken(q, token, 'email_change', now);
      const email = typeof payload.email === 'string' ? payload.email : null;
      if (!email || (await emailTakenByOther(q, customerId, email))) throw invalidToken();
      const applied = await applyPendingEmail(q, customerId, email, now);
      if (!applied) throw invalidToken();
      await voidOneTimeTokens(q, customerId, 'email_change', now);
      await voidOneTimeTokens(q, customerId, 'password_reset', now);
      const customer = await findCustomerById(q, customerId);
      await ctx.outbox.enqueue(
        q,
        emailChangedMail(mailBrand(ctx.config), {
          to: applied.previousEmail,
          firstName: customer?.first_name ?? null,
          newEmailMasked: maskEmail(email),
        }),
      );
    });
  } catch (error) {
    if (sqlState(error) === '23505') throw invalidToken();
    throw error;
  }
}
