import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/types.ts';
import { emailVerificationMail, mailBrand } from '../../mail/templates.ts';
import { issueOneTimeToken } from '../../crypto/one-time-tokens.ts';

/** Validity of the link in the verification mail. */
export const VERIFY_EMAIL_TTL_HOURS = 24;

/**
 * Issues a single-use 24-hour link for the customer's address and queues the verification mail,
 * in the caller's transaction (submit, resend).
 */
export async function queueVerificationMail(
  ctx: AppContext,
  q: Queryable,
  customer: { id: string; email: string; firstName: string | null },
  now: Date,
): Promise<void> {
  const token = await issueOneTimeToken(q, {
    purpose: 'email_verify',
    customerId: customer.id,
    now,
    ttlSeconds: VERIFY_EMAIL_TTL_HOURS * 3600,
    payload: { email: customer.email },
  });
  const brand = mailBrand(ctx.config);
  await ctx.outbox.enqueue(
    q,
    emailVerificationMail(brand, {
      to: customer.email,
      firstName: customer.firstName,
      link: `${brand.publicUrl}/check-your-mailbox?token=${encodeURIComponent(token)}`,
      validHours: VERIFY_EMAIL_TTL_HOURS,
    }),
  );
}
