import type { AppContext } from '../../context.ts';
import { tokenHash } from '../../crypto/seal.ts';
import { AppError } from '../../errors.ts';
import { alreadyRegisteredMail, emailVerificationMail, mailBrand } from '../../mail/templates.ts';
import { issueOneTimeToken } from '../auth/tokens.ts';
import { customerByEmail } from '../customers/queries.ts';
import { customerContact, recordApplicationMail, submittedByToken } from './queries.ts';
import { VERIFY_EMAIL_TTL_HOURS, verificationLink } from './submit-service.ts';

/** Per-application resend limits (the route also limits per IP). */
export const RESEND_LIMITS = { minIntervalSeconds: 60, perHour: 5 };

const nothingToResend = () =>
  new AppError(
    'not_found',
    404,
    'Aucune demande en attente de confirmation dans ce navigateur. Utilisez le lien reçu par e-mail ou connectez-vous.',
  );

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
    const since = (seconds: number) =>
      application.mails_sent_at.filter((t) => t.getTime() > now.getTime() - seconds * 1000).length;
    if (since(RESEND_LIMITS.minIntervalSeconds) > 0 || since(3600) >= RESEND_LIMITS.perHour) {
      throw new AppError(
        'rate_limited',
        429,
        'Un e-mail vient d’être envoyé. Veuillez patienter avant d’en demander un autre.',
        {
          retryAfterSeconds:
            since(RESEND_LIMITS.minIntervalSeconds) > 0 ? RESEND_LIMITS.minIntervalSeconds : 3600,
        },
      );
    }
    const brand = mailBrand(ctx.config);
    const customer = application.customer_id ? await customerContact(q, application.customer_id) : null;
    if (customer && application.customer_id) {
      const token = await issueOneTimeToken(q, {
        purpose: 'email_verify',
        customerId: application.customer_id,
        now,
        ttlSeconds: VERIFY_EMAIL_TTL_HOURS * 3600,
        payload: { email: customer.email },
      });
      await ctx.outbox.enqueue(
        q,
        emailVerificationMail(brand, {
          to: customer.email,
          firstName: customer.first_name,
          link: verificationLink(ctx, token),
          validHours: VERIFY_EMAIL_TTL_HOURS,
        }),
      );
    } else {
      const owner = await customerByEmail(q, application.email);
      if (owner) await ctx.outbox.enqueue(q, alreadyRegisteredMail(brand, { to: owner.email }));
    }
    await recordApplicationMail(q, application.id, now);
  });
}
