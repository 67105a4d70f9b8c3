// Error codes thrown here: direct_debit_already_refunded, direct_debit_claim_decided,
//   direct_debit_claim_not_found.
import type { BackofficeDirectDebitClaim, DecideDirectDebitClaim } from '@comptoir/contracts';
import { appendAudit } from '../../audit/audit.ts';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/types.ts';
import { AppError } from '../../errors.ts';
import { directDebitClaimDecidedMail, mailBrand } from '../../mail/templates.ts';
import { findCustomerContact } from '../customers/index.ts';
import type { OperatorPrincipal } from '../../http/operator-principal.ts';
import { claimById, decideClaim, lockCollection } from './queries.ts';
import { creditBack, publishRefundActivity } from './refund-entry.ts';
import { toBackofficeClaim } from './view.ts';

/**
 * `POST /api/backoffice/direct-debit-claims/{id}/decision` (compliance, admin): accept — the
 * collection is credited back at once, value-dated on its debit date — or reject — nothing moves.
 * The collection's row, then the claim's, are locked (the customer's refund takes the collection's
 * first too), so two operators deciding at once get one decision and one 409. Decision, audit row
 * (operator, claim, decision, note), notification, live event and the customer's e-mail commit
 * together.
 */
export async function decideDirectDebitClaim(
  ctx: AppContext,
  operator: OperatorPrincipal,
  id: string,
  body: DecideDirectDebitClaim,
): Promise<BackofficeDirectDebitClaim> {
  return ctx.db.tx(async (q) => {
    const seen = await claimById(q, id);
    if (!seen) throw new AppError('direct_debit_claim_not_found');
    const c = await lockCollection(q, seen.collection_id);
    const claim = await claimById(q, seen.id, { lock: true });
    if (!c || !claim) throw new AppError('direct_debit_claim_not_found');
    if (claim.status !== 'pending') throw new AppError('direct_debit_claim_decided');
    const now = ctx.clock.now();
    const accepted = body.decision === 'accept';
    let collection = c;
    if (accepted) {
      if (c.refunded_at !== null) throw new AppError('direct_debit_already_refunded');
      collection = await creditBack(q, c, { operatorId: operator.id }, now);
    }
    const decided = await decideClaim(q, {
      id: claim.id,
      status: accepted ? 'accepted' : 'rejected',
      operatorId: operator.id,
      note: body.note,
      now,
    });
    await appendAudit(q, {
      operatorId: operator.id,
      customerId: claim.customer_id,
      action: accepted ? 'direct_debit_claim.accepted' : 'direct_debit_claim.rejected',
      details: {
        claimId: claim.id,
        collectionId: c.id,
        decision: body.decision,
        note: body.note,
        amount: String(c.amount),
        refundNumber: collection.refund_number,
      },
      at: now,
    });
    await publishRefundActivity(
      ctx,
      q,
      collection,
      accepted ? 'claim_accepted' : 'claim_rejected',
      body.note,
    );
    await mailDecision(ctx, q, claim.customer_id, { accepted, note: body.note });
    return toBackofficeClaim(decided, collection, now);
  });
}

/** Tells the customer the decision by e-mail (outbox, in the decision's transaction), as identity changes do. */
async function mailDecision(
  ctx: AppContext,
  q: Queryable,
  customerId: string,
  decision: { accepted: boolean; note: string },
): Promise<void> {
  const customer = await findCustomerContact(q, customerId);
  if (!customer) return;
  await ctx.outbox.enqueue(
    q,
    directDebitClaimDecidedMail(mailBrand(ctx.config), {
      to: customer.email,
      firstName: customer.first_name,
      ...decision,
    }),
  );
}
