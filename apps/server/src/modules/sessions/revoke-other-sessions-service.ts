import type { RevokedSessions } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { appendAudit } from '../../audit/audit.ts';
import type { CustomerSession } from '../../http/customer-principal.ts';
import { cancelPendingEmailChange } from '../auth/index.ts';
import { publishSessionsChanged } from '../../events/index.ts';
import { revokeOtherSessionsCounted } from './queries.ts';

/**
 * `DELETE /api/me/sessions`: signs out every session of the acting customer but the asking one
 * (« Déconnecter toutes les autres sessions »), at once and live, like one revocation, and cancels a
 * pending e-mail change (whoever asked for it may be in one of those sessions). Audited with the
 * customer as actor and the number of live sessions signed out.
 */
export async function revokeOtherSessions(
  ctx: AppContext,
  session: CustomerSession,
): Promise<RevokedSessions> {
  return ctx.db.tx(async (q) => {
    const now = ctx.clock.now();
    const revoked = await revokeOtherSessionsCounted(
      q,
      session.customerId,
      now,
      ctx.config.customerIdleSeconds,
      session.tokenHash,
    );
    await cancelPendingEmailChange(q, session.customerId, now);
    await appendAudit(q, {
      operatorId: null,
      actor: 'customer',
      customerId: session.customerId,
      action: 'customer.other_sessions_revoked',
      details: { count: revoked },
      at: now,
    });
    await publishSessionsChanged(q, session.customerId);
    return { revoked };
  });
}
