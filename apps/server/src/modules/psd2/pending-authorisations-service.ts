import type { Psd2PendingAuthorisation } from '@comptoir/contracts';
import { toJsonCents } from '@comptoir/core';
import type { AppContext } from '../../context.ts';
import { pendingDecoupled } from './decoupled-queries.ts';

/** `GET /api/psd2/authorisations`: the requests TPPs asked the customer to decide in the app, still open. */
export async function listPendingAuthorisations(
  ctx: AppContext,
  customerId: string,
): Promise<Psd2PendingAuthorisation[]> {
  const rows = await pendingDecoupled(ctx.db, customerId, ctx.clock.now());
  return rows.map((r) => ({
    id: r.id,
    tpp: { name: r.tpp_name, organisationId: r.organisation_id },
    kind: r.payment_id ? 'payment' : 'consent',
    amount: r.amount === null ? null : toJsonCents(r.amount),
    expiresAt: r.expires_at.toISOString(),
  }));
}
