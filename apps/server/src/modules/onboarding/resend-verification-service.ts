// Error codes thrown here: verification_email_too_soon, verification_pending_not_found.
import type { AppContext } from '../../context.ts';
import { tokenHash } from '../../crypto/seal.ts';
import { AppError } from '../../errors.ts';
import { alreadyRegisteredMail, mailBrand } from '../../mail/templates.ts';
import { findCustomerByEmail, findCustomerContact } from '../customers/index.ts';
import { recordApplicationMail, submittedByToken } from './queries.ts';
import { queueVerificationMail } from './verification-mail.ts';

/** Per-application resend limits (the route also limits per IP). */
export const RESEND_LIMITS = { minIntervalSeconds: 60, perHour: 5 };

const nothingToResend = () => new AppError('verification_pending_not_found');

/**
 * « Renvoyer l'e-mail » on /check-your-mailbox, for the application of the cookie. A new address
 * gets a new link (earlier ones stay valid until they expire); an address that already had an
 * account gets the « adresse déjà utilisée » notice again. Same limits and same answer in both
 * cases, so the screen never tells whether the address had an account.
 */
export async function resendVerification(
  ctx: AppContext,
  applicationToken: string | undefined,
): Promise<void> {
  if (!applicationToken || applicationToken.length > 100) throw nothingToResend();
  await ctx.db.tx(async (q) => {
    const now = ctx.clock.now();
    const application = await submittedByToken(q, tokenHash(applicationToken), { forUpdate: true });
    if (!application?.email) throw nothingToResend();
    const sentWithin = (seconds: number) =>
      application.mails_sent_at.filter((t) => t.getTime() > now.getTime() - seconds * 1000).length;
    const tooSoon = sentWithin(RESEND_LIMITS.minIntervalSeconds) > 0;
    if (tooSoon || sentWithin(3600) >= RESEND_LIMITS.perHour) {
      throw new AppError('verification_email_too_soon', {
        retryAfterSeconds: tooSoon ? RESEND_LIMITS.minIntervalSeconds : 3600,
      });
    }
    const customer = application.customer_id ? await findCustomerContact(q, application.customer_id) : null;
    if (customer && application.customer_id) {
      await queueVerificationMail(
        ctx,
        q,
        { id: application.customer_id, email: customer.email, firstName: customer.first_name },
        now,
      );
    } else {
      const owner = await findCustomerByEmail(q, application.email);
      if (owner)
        await ctx.outbox.enqueue(q, alreadyRegisteredMail(mailBrand(ctx.config), { to: owner.email }));
    }
    await recordApplicationMail(q, application.id, now);
  });
}
