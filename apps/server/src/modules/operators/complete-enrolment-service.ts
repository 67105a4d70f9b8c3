// Error codes thrown here: enrolment_code_invalid, weak_password.
import { passwordWeakness } from '@comptoir/core';
import type { OperatorEnrolmentCompleteRequest, OperatorEnrolmentDone } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { hashPassword } from '../../crypto/password.ts';
import { tokenHash } from '../../crypto/seal.ts';
import { appendAudit } from '../../audit/audit.ts';
import { checkEnrolmentLink, checkOwnPassword } from './enrolment-checks.ts';
import {
  completeInvitation,
  confirmTotpSecret,
  enrolmentLinkByHash,
  markEnrolmentLinkUsed,
} from './enrolment-queries.ts';
import { operatorWords, totpSealer } from './operators-service.ts';
import { operatorById } from './queries.ts';
import { matchTotpStep } from '../../crypto/totp.ts';

/**
 * The operator holding an enrolment link completes it: for an invitation, with the password they
 * choose (core's rule for operators) — the operator becomes active from now on; after a TOTP reset,
 * with their current password. Either way a code of the app just enrolled confirms the secret
 * offered (its step is then spent). The password's slow work is done first; then, in one
 * transaction, the link and the operator are locked and every check is made again (link unused,
 * unexpired and the newest, operator not disabled and still waiting), the link is spent and an
 * audit row written.
 */
export async function completeEnrolment(
  ctx: AppContext,
  input: OperatorEnrolmentCompleteRequest,
  meta: { ip: string },
): Promise<OperatorEnrolmentDone> {
  const hash = tokenHash(input.token);
  const link = await enrolmentLinkByHash(ctx.db, hash);
  const operator = link ? await operatorById(ctx.db, link.operator_id) : null;
  checkEnrolmentLink(link, operator, ctx.clock.now());
  let passwordHash: string | null = null;
  if (link.purpose === 'invitation') {
    const weakness = passwordWeakness(input.password, operatorWords(operator!), 'operator');
    if (weakness) throw new AppError('weak_password', { reason: weakness });
    passwordHash = await hashPassword(input.password);
  } else {
    await checkOwnPassword(ctx, operator!, input.password, meta.ip);
  }

  const now = ctx.clock.now();
  return ctx.db.tx(async (q) => {
    const current = await enrolmentLinkByHash(q, hash, true);
    const target = current ? await operatorById(q, current.operator_id, true) : null;
    checkEnrolmentLink(current, target, now);
    const sealed = target!.totp_secret_sealed;
    const step = sealed ? matchTotpStep(totpSealer(ctx).open(sealed, target!.id), input.code, now) : null;
    if (step === null) throw new AppError('enrolment_code_invalid');
    if (passwordHash !== null) await completeInvitation(q, target!.id, { passwordHash, step, now });
    else await confirmTotpSecret(q, target!.id, { step, now });
    await markEnrolmentLinkUsed(q, hash, now);
    await appendAudit(q, {
      operatorId: target!.id,
      customerId: null,
      action: current.purpose === 'invitation' ? 'operator.enrolled' : 'operator.totp_enrolled',
      details: { ip: meta.ip },
      at: now,
    });
    return { purpose: current.purpose, email: target!.email };
  });
}
