// Error codes thrown here: enrolment_link_used.
import type { OperatorEnrolmentOffer, OperatorEnrolmentOpenRequest } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { tokenHash } from '../../crypto/seal.ts';
import { checkEnrolmentLink, checkOwnPassword } from './enrolment-checks.ts';
import { enrolmentLinkByHash, offerTotpSecret } from './enrolment-queries.ts';
import { totpSealer } from './operators-service.ts';
import { operatorTotpUri } from './operator-view.ts';
import { operatorById } from './queries.ts';
import { newTotpSecret } from '../../crypto/totp.ts';

/**
 * The enrolment page opens its link: a usable link (after a TOTP reset, with the operator's own
 * password) gets the TOTP secret offered to its holder — sealed on the operator's row, the same one
 * each time the link is opened, and of no use for signing in until a code confirms it.
 */
export async function openEnrolment(
  ctx: AppContext,
  input: OperatorEnrolmentOpenRequest,
  meta: { ip: string },
): Promise<OperatorEnrolmentOffer> {
  const link = await enrolmentLinkByHash(ctx.db, tokenHash(input.token));
  const operator = link ? await operatorById(ctx.db, link.operator_id) : null;
  checkEnrolmentLink(link, operator, ctx.clock.now());
  if (link.purpose === 'totp_reset') await checkOwnPassword(ctx, operator!, input.password, meta.ip);
  const sealer = totpSealer(ctx);
  const offered = await offerTotpSecret(ctx.db, operator!.id, sealer.seal(newTotpSecret(), operator!.id));
  if (!offered) throw new AppError('enrolment_link_used');
  const secret = sealer.open(offered, operator!.id);
  return {
    purpose: link.purpose,
    email: operator!.email,
    name: operator!.name,
    totpSecret: secret,
    otpauthUri: operatorTotpUri(ctx, secret, operator!.email),
    expiresAt: link.expires_at.toISOString(),
  };
}
