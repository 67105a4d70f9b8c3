// Error codes thrown here: enrolment_link_expired, enrolment_link_invalid, enrolment_link_used,
//   enrolment_password_required, operator_invalid_credentials, operator_locked.
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { verifyPassword } from '../../crypto/password.ts';
import { accountLocked, isLocked, recordFailure } from './auth-service.ts';
import type { EnrolmentLinkRow } from './enrolment-queries.ts';
import type { OperatorRow } from './queries.ts';

/**
 * What makes an enrolment link usable, checked when it is opened and again, under the locks, when
 * the enrolment completes: known and not replaced by a newer link, never used, not expired, its
 * operator not disabled, and still waiting for what the link is for (an invited operator for an
 * invitation; an enrolled one without a confirmed TOTP secret for a reset).
 */
export function checkEnrolmentLink(
  link: EnrolmentLinkRow | null,
  operator: OperatorRow | null,
  now: Date,
): asserts link is EnrolmentLinkRow {
  if (!link || link.voided_at !== null) throw new AppError('enrolment_link_invalid');
  if (link.used_at !== null) throw new AppError('enrolment_link_used');
  if (link.expires_at <= now) throw new AppError('enrolment_link_expired');
  if (!operator || operator.disabled_at !== null) throw new AppError('enrolment_link_invalid');
  const waiting =
    link.purpose === 'invitation'
      ? operator.activated_at === null
      : operator.activated_at !== null && operator.totp_confirmed_at === null;
  if (!waiting) throw new AppError('enrolment_link_used');
}

/**
 * After a TOTP reset, the link holder proves they are the operator with their own password. A
 * wrong one counts towards the operator's lockout (audited), as at sign-in.
 */
export async function checkOwnPassword(
  ctx: AppContext,
  operator: OperatorRow,
  password: string | undefined,
  ip: string,
): Promise<void> {
  if (!password) throw new AppError('enrolment_password_required');
  if (isLocked(operator, ctx.clock.now())) throw accountLocked(operator.locked_until!);
  if (!operator.password_hash || !(await verifyPassword(operator.password_hash, password))) {
    throw await recordFailure(ctx, operator.id, 'enrolment', ip, null);
  }
}
