// Error codes thrown here: identity_change_customer_not_open.
import type { AcceptIdentityChangeRequest, BackofficeIdentityChangeRequest } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { appendAudit } from '../../audit/audit.ts';
import { AppError } from '../../errors.ts';
import { renameCardHolder } from '../cards/index.ts';
import { publishIdentityChange } from '../../events/index.ts';
import type { OperatorPrincipal } from '../../http/operator-principal.ts';
import { askedFields, lockPendingRequest, mailDecision } from './decision.ts';
import { requestIdParam } from './list-service.ts';
import { applyIdentity, decideIdentityChange, identityChangeById, lockIdentityOnFile } from './queries.ts';
import { toOperatorView } from './view.ts';

/**
 * Compliance accepts an identity change request: the customer's identity takes the asked values,
 * and the audit row names the operator, the request, the changed fields and whether the operator
 * left a note (the note, and the old and new values, stay on the request row, which anonymisation
 * deletes: `decision_note`, `current_*` and the asked ones) — all in one
 * transaction, with the customer's mail, live announcement and notification, and the new holder name
 * on the customer's active cards. From then on Verification of Payee, the RIB, certificates,
 * statements and the card carry the new identity.
 */
export async function acceptIdentityChange(
  ctx: AppContext,
  operator: OperatorPrincipal,
  id: string,
  body: AcceptIdentityChangeRequest = {},
): Promise<BackofficeIdentityChangeRequest> {
  const requestId = requestIdParam(id);
  return ctx.db.tx(async (q) => {
    const now = ctx.clock.now();
    const row = await lockPendingRequest(q, requestId);
    const customer = await lockIdentityOnFile(q, row.customer_id);
    if (customer?.status !== 'active') {
      throw new AppError('identity_change_customer_not_open');
    }
    const asked = {
      firstName: row.first_name,
      lastName: row.last_name,
      birthDate: row.birth_date,
      taxCountry: row.tax_country,
    };
    await applyIdentity(q, row.customer_id, asked, now);
    if (asked.firstName !== null || asked.lastName !== null) {
      const name = {
        firstName: asked.firstName ?? customer.first_name ?? '',
        lastName: asked.lastName ?? customer.last_name ?? '',
      };
      await renameCardHolder(q, row.customer_id, name, now);
    }
    await decideIdentityChange(q, {
      id: row.id,
      status: 'accepted',
      operatorId: operator.id,
      reason: null,
      note: body.note || null,
      now,
    });
    await appendAudit(q, {
      operatorId: operator.id,
      customerId: row.customer_id,
      action: 'identity_change.accepted',
      details: { requestId: row.id, fields: askedFields(row), withNote: Boolean(body.note) },
      at: now,
    });
    await mailDecision(ctx, q, row.customer_id, { accepted: true, reason: null });
    await publishIdentityChange(q, row.customer_id, {
      requestId: row.id,
      status: 'accepted',
      reason: null,
    });
    const decided = await identityChangeById(q, row.id);
    if (!decided) throw new Error('identity change request vanished');
    return toOperatorView(decided);
  });
}
