// Error codes thrown here: current_session_not_revocable, session_not_found.
import { isUuid } from '@comptoir/core';
import type { AppContext } from '../../context.ts';
import { appendAudit } from '../../audit/audit.ts';
import { AppError } from '../../errors.ts';
import type { CustomerSession } from '../../http/customer-principal.ts';
import { publishSessionsChanged } from '../../events/index.ts';
import { isSessionOf, revokeOtherLiveSession } from './queries.ts';

export const sessionNotFound = () => new AppError('session_not_found');

/**
 * `DELETE /api/me/sessions/{id}`: signs out another live session of the acting customer, at once —
 * its next request is a 401 and its open live streams are told `signed_out` and end. Someone else's
 * session, an unknown or malformed id, or one already over: 404 « Session introuvable. ». The
 * asking session itself: 409 (« Déconnexion » is how one signs out here). Audited with the customer
 * as actor (the session's public id only).
 */
export async function revokeSession(ctx: AppContext, session: CustomerSession, id: string): Promise<void> {
  if (!isUuid(id)) throw sessionNotFound();
  const sessionId = id.toLowerCase();
  await ctx.db.tx(async (q) => {
    const now = ctx.clock.now();
    const revoked = await revokeOtherLiveSession(
      q,
      session.customerId,
      sessionId,
      now,
      ctx.config.customerIdleSeconds,
      session.tokenHash,
    );
    if (!revoked) {
      if (await isSessionOf(q, sessionId, session.tokenHash)) {
        throw new AppError('current_session_not_revocable');
      }
      throw sessionNotFound();
    }
    await appendAudit(q, {
      operatorId: null,
      actor: 'customer',
      customerId: session.customerId,
      action: 'customer.session_revoked',
      details: { sessionId: revoked },
      at: now,
    });
    await publishSessionsChanged(q, session.customerId);
  });
}
