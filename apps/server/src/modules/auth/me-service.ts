import type { Me } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { unauthenticated } from '../../errors.ts';
import { customerById, type CustomerRow } from '../customers/queries.ts';
import { countActiveFactors } from '../sca/factor-queries.ts';
import { maskedTaxIdOf } from '../customers/tax-id.ts';

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
  const customer = await customerById(ctx.db, session.customerId);
  if (!customer) throw unauthenticated();
  return toMe(ctx, customer, session, await countActiveFactors(ctx.db, customer.id));
}
