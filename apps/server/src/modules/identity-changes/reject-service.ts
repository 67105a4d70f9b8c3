import type { BackofficeIdentityChangeRequest } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { appendAudit } from '../../audit/audit.ts';
import { publishIdentityChange } from '../../events/index.ts';
import type { OperatorPrincipal } from '../../http/operator-principal.ts';
import { askedFields, lockPendingRequest, mailDecision } from './decision.ts';
import { requestIdParam } from './list-service.ts';
import { decideIdentityChange, identityChangeById } from './queries.ts';
import { toOperatorView } from './view.ts';

/**
 * Compliance rejects an identity change request with a reason the customer reads: the identity on
 * file stays as it is. Decision, audit row, the customer's mail, live announcement and notification
 * commit together; the reason — the operator's note — stays on the request (it may name the
 * customer), the audit row names the request, the fields and that a note was given.
 */
export async function rejectIdentityChange(
  ctx: AppContext,
  operator: OperatorPrincipal,
  id: string,
  reason: string,
): Promise<BackofficeIdentityChangeRequest> {
  const requestId = requestIdParam(id);
  return ctx.db.tx(async (q) => {
    const now = ctx.clock.now();
    const row = await lockPendingRequest(q, requestId);
    await decideIdentityChange(q, { id: row.id, status: 'rejected', operatorId: operator.id, reason, now });
    await appendAudit(q, {
      operatorId: operator.id,
      customerId: row.customer_id,
      action: 'identity_change.rejected',
      details: { requestId: row.id, fields: askedFields(row), withNote: true },
      at: now,
    });
    await mailDecision(ctx, q, row.customer_id, { accepted: false, reason });
    await publishIdentityChange(q, row.customer_id, { requestId: row.id, status: 'rejected', reason });
    const decided = await identityChangeById(q, row.id);
    if (!decided) throw new Error('identity change request vanished');
    return toOperatorView(decided);
  });
}
