// Error codes thrown here: unauthenticated.
import type { Me, SessionState } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { findCustomerById, type CustomerRow } from '../customers/index.ts';
import { countSecondFactors } from '../sca/index.ts';
import { maskedTaxIdOf } from '../customers/index.ts';
import { resolveCustomerSession } from './sessions.ts';

/** The signed-in customer as the web app sees it (GET /api/me and after login/update). */
export const toMe = (
  ctx: AppContext,
  c: CustomerRow,
  session: { expiresAt: Date },
  secondFactors: number,
): Me => ({
  id: c.id,
  customerNumber: String(c.customer_number),
  email: c.email,
  firstName: c.first_name,
  lastName: c.last_name,
  phone: c.phone,
  status: c.status,
  pendingEmail: c.pending_email,
  sessionExpiresAt: session.expiresAt.toISOString(),
  idleTimeoutSeconds: ctx.config.customerIdleSeconds,
  secondFactors,
  residenceCountry: c.residence_country,
  address: c.address,
  postalCode: c.postal_code,
  city: c.city,
  taxCountry: c.tax_country,
  taxIdMasked: maskedTaxIdOf(ctx, c.id, c.tax_id_sealed),
});

/** GET /api/me for the acting customer. */
export async function getMe(ctx: AppContext, session: { customerId: string; expiresAt: Date }): Promise<Me> {
  const customer = await findCustomerById(ctx.db, session.customerId);
  if (!customer) throw new AppError('unauthenticated');
  return toMe(ctx, customer, session, await countSecondFactors(ctx.db, customer.id));
}

/**
 * GET /api/session: the signed-in customer, or `null` — the same resolution (and idle sliding) as
 * the guard, so a session the guard would refuse is `null` here. `stale` says a cookie was sent that
 * leads to no live session (the route then clears it).
 */
export async function getSessionState(
  ctx: AppContext,
  token: string | undefined,
): Promise<{ state: SessionState; stale: boolean }> {
  const session = await resolveCustomerSession(ctx, token);
  if (!session || session.stage !== 'active') {
    return { state: { me: null }, stale: token !== undefined && !session };
  }
  const customer = await findCustomerById(ctx.db, session.customerId);
  if (!customer) return { state: { me: null }, stale: true };
  return {
    state: { me: toMe(ctx, customer, session, await countSecondFactors(ctx.db, customer.id)) },
    stale: false,
  };
}
