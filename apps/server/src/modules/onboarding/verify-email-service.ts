import type { CustomerStatus } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { appendAudit } from '../../audit/audit.ts';
import { AppError } from '../../errors.ts';
import { emailVerificationMail, mailBrand } from '../../mail/templates.ts';
import { invalidToken, issueOneTimeToken, useOneTimeToken } from '../auth/tokens.ts';
import { publishStatus } from '../events/publish.ts';
import { customerContact, moveCustomerStatus, verificationMailsSince } from './queries.ts';
import { VERIFY_EMAIL_TTL_HOURS, verificationLink } from './submit-service.ts';

/** The link of the verification mail: `pending_email` → `pending_review` (single use, 24 h). */
export async function verifyEmail(ctx: AppContext, token: string): Promise<{ status: CustomerStatus }> {
  return ctx.db.tx(async (q) => {
    const now = ctx.clock.now();
    const { customerId, payload } = await useOneTimeToken(q, token, 'email_verify', now);
    const customer = await customerContact(q, customerId);
    if (
      !customer ||
      typeof payload.email !== 'string' ||
      payload.email.toLowerCase() !== customer.email.toLowerCase()
    ) {
      throw invalidToken();
    }
    const moved = await moveCustomerStatus(q, customerId, ['pending_email'], 'pending_review', now, {
      emailVerified: true,
    });
    if (!moved) return { status: customer.status };
    await appendAudit(q, {
      operatorId: null,
      customerId,
      action: 'customer.email_verified',
      details: {},
      at: now,
    });
    await publishStatus(q, customerId, 'pending_review');
    return { status: 'pending_review' as const };
  });
}

/** Per-account resend limits (the route also limits per IP). */
export const RESEND_LIMITS = { minIntervalSeconds: 60, perHour: 5 };

/** « Renvoyer l'e-mail » on /check-your-mailbox: a new link (the previous ones stay valid until they expire). */
export async function resendVerification(ctx: AppContext, customerId: string): Promise<void> {
  await ctx.db.tx(async (q) => {
    const now = ctx.clock.now();
    const customer = await customerContact(q, customerId);
    if (!customer) throw new AppError('unauthenticated', 401, 'Veuillez vous connecter.');
    if (customer.status !== 'pending_email') {
      throw new AppError('conflict', 409, 'Votre adresse e-mail est déjà confirmée.');
    }
    const recent = await verificationMailsSince(
      q,
      customerId,
      new Date(now.getTime() - RESEND_LIMITS.minIntervalSeconds * 1000),
    );
    const lastHour = await verificationMailsSince(q, customerId, new Date(now.getTime() - 3600 * 1000));
    if (recent > 0 || lastHour >= RESEND_LIMITS.perHour) {
      throw new AppError(
        'rate_limited',
        429,
        'Un e-mail vient d’être envoyé. Veuillez patienter avant d’en demander un autre.',
        {
          retryAfterSeconds: recent > 0 ? RESEND_LIMITS.minIntervalSeconds : 3600,
        },
      );
    }
    const token = await issueOneTimeToken(q, {
      purpose: 'email_verify',
      customerId,
      now,
      ttlSeconds: VERIFY_EMAIL_TTL_HOURS * 3600,
      payload: { email: customer.email },
    });
    await ctx.outbox.enqueue(
      q,
      emailVerificationMail(mailBrand(ctx.config), {
        to: customer.email,
        firstName: customer.first_name,
        link: verificationLink(ctx, token),
        validHours: VERIFY_EMAIL_TTL_HOURS,
      }),
    );
  });
}
