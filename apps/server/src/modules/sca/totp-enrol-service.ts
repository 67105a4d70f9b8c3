// Error codes thrown here: unauthenticated.
import { randomUUID } from 'node:crypto';
import type { TotpEnrolment } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { lockCustomer } from '../customers/index.ts';
import { findCustomerById } from '../customers/index.ts';
import { newTotpSecret, totpUri } from '../../crypto/totp.ts';
import { requireEnrolmentSca } from './enrolment-sca.ts';
import { insertPendingTotp } from './factor-queries.ts';
import { sealTotpSecret } from './totp-secret.ts';

export const DEFAULT_TOTP_NAME = 'Application d’authentification';

/**
 * `POST /api/sca/totp/enroll`: a new secret (160 bits) for an authenticator app, pending until the
 * customer types a first code (`confirmTotp`) for at most `TOTP_ENROLMENT_SECONDS`; a previous
 * unconfirmed enrolment is replaced. A customer who already has a factor confirms with it first
 * (`factor_enrolment`, `{method: 'totp'}`), and the enrolment records that approval.
 */
export async function enrolTotp(
  ctx: AppContext,
  customerId: string,
  scaToken: string | undefined,
): Promise<TotpEnrolment> {
  const customer = await findCustomerById(ctx.db, customerId);
  if (!customer) throw new AppError('unauthenticated');
  const id = randomUUID();
  const secret = newTotpSecret();
  await ctx.db.tx(async (q) => {
    await lockCustomer(q, customerId);
    const approved = await requireEnrolmentSca(q, ctx.clock, { customerId, method: 'totp', token: scaToken });
    await insertPendingTotp(q, {
      approved,
      id,
      customerId,
      name: DEFAULT_TOTP_NAME,
      secretSealed: sealTotpSecret(ctx, id, secret),
      now: ctx.clock.now(),
    });
  });
  return { factorId: id, secret, uri: totpUri(secret, ctx.config.institution.name, customer.email) };
}
