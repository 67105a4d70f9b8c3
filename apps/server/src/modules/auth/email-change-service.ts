import type { AppContext } from '../../context.ts';
import { sqlState } from '../../db/types.ts';
import { applyPendingEmail, emailTakenByOther, voidOneTimeTokens } from './queries.ts';
import { invalidToken, useOneTimeToken } from './tokens.ts';

export const EMAIL_CHANGE_TOKEN_TTL_SECONDS = 24 * 60 * 60;

/**
 * POST /api/auth/email-change/confirm: the link mailed to the new address applies it (single use,
 * 24 h). It works from any browser — holding the link proves control of the mailbox. A link made
 * stale (another change requested since, or the address taken meanwhile) → 400 `invalid_token`.
 */
export async function confirmEmailChange(ctx: AppContext, token: string): Promise<void> {
  try {
    await ctx.db.tx(async (q) => {
      const now = ctx.clock.now();
      const { customerId, payload } = await useOneTimeToken(q, token, 'email_change', now);
      const email = typeof payload.email === 'string' ? payload.email : null;
      if (!email || (await emailTakenByOther(q, customerId, email))) throw invalidToken();
      if (!(await applyPendingEmail(q, customerId, email, now))) throw invalidToken();
      await voidOneTimeTokens(q, customerId, 'email_change', now);
    });
  } catch (error) {
    if (sqlState(error) === '23505') throw invalidToken();
    throw error;
  }
}
