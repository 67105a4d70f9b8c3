import type { OperatorEnrolmentPurpose, OperatorRole } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/types.ts';
import { newToken, tokenHash } from '../../crypto/seal.ts';
import { mailBrand, operatorInvitationMail, operatorTotpResetMail } from '../../mail/templates.ts';
import { insertEnrolmentLink, voidEnrolmentLinks, withdrawOfferedTotpSecret } from './enrolment-queries.ts';

/** How long an enrolment link (invitation or TOTP reset) works: the one rule for both. */
export const ENROLMENT_LINK_TTL_HOURS = 72;

const ROLE_FR: Record<OperatorRole, string> = {
  admin: 'administrateur',
  compliance: 'conformité',
  support: 'support',
};

/** The back office's enrolment page, where a link leads. */
export const enrolmentPageUrl = (ctx: AppContext, token: string): string =>
  `${mailBrand(ctx.config).publicUrl}${ctx.config.backofficePath}/inscription?token=${encodeURIComponent(token)}`;

/**
 * Mails the operator a new single-use enrolment link (in the caller's transaction): older links
 * stop working and a TOTP secret offered but never confirmed is forgotten. Only the token's HMAC
 * is stored. Returns when the link expires.
 */
export async function sendEnrolmentLink(
  ctx: AppContext,
  q: Queryable,
  operator: { id: string; email: string; name: string; role: OperatorRole },
  purpose: OperatorEnrolmentPurpose,
  now: Date,
): Promise<Date> {
  const token = newToken();
  const expiresAt = new Date(now.getTime() + ENROLMENT_LINK_TTL_HOURS * 3600 * 1000);
  await voidEnrolmentLinks(q, operator.id, now);
  await withdrawOfferedTotpSecret(q, operator.id);
  await insertEnrolmentLink(q, {
    tokenHash: tokenHash(token),
    operatorId: operator.id,
    purpose,
    now,
    expiresAt,
  });
  const brand = mailBrand(ctx.config);
  const link = enrolmentPageUrl(ctx, token);
  const recipient = {
    to: operator.email,
    firstName: operator.name,
    link,
    validHours: ENROLMENT_LINK_TTL_HOURS,
  };
  await ctx.outbox.enqueue(
    q,
    purpose === 'invitation'
      ? operatorInvitationMail(brand, { ...recipient, roleLabel: ROLE_FR[operator.role] })
      : operatorTotpResetMail(brand, recipient),
  );
  return expiresAt;
}
