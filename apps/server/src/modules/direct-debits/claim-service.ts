// Error codes thrown here: direct_debit_already_refunded, direct_debit_claim_closed,
//   direct_debit_claim_exists, direct_debit_claim_not_booked, direct_debit_not_found.
import type { DirectDebitClaim } from '@comptoir/contracts';
import { parisDate } from '@comptoir/core';
import { appendAudit } from '../../audit/audit.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { claimOfCollection, collectionOf, insertClaim } from './queries.ts';
import { claimDeadline, debitDate } from './rules.ts';
import { toClaim } from './view.ts';

/**
 * `POST /api/direct-debits/collections/{id}/claims`: the customer contests a booked collection as
 * unauthorised (no mandate signed, or revoked), until the end (Paris) of the same day 13 months
 * after its debit date. One claim per collection, pending until compliance decides; not on a
 * refunded collection. Audited as the customer's act.
 */
export async function createClaim(
  ctx: AppContext,
  customerId: string,
  id: string,
  reason: string,
): Promise<DirectDebitClaim> {
  return ctx.db.tx(async (q) => {
    const c = await collectionOf(q, customerId, id, { lock: true });
    if (!c) throw new AppError('direct_debit_not_found');
    if (c.refunded_at !== null) throw new AppError('direct_debit_already_refunded');
    if (c.status !== 'booked' || c.settled_at === null) throw new AppError('direct_debit_claim_not_booked');
    if (await claimOfCollection(q, c.id)) throw new AppError('direct_debit_claim_exists');
    const now = ctx.clock.now();
    if (parisDate(now) > claimDeadline(debitDate(c.settled_at)))
      throw new AppError('direct_debit_claim_closed');
    const claim = await insertClaim(q, { collectionId: c.id, customerId, reason, now });
    if (!claim) throw new AppError('direct_debit_claim_exists');
    await appendAudit(q, {
      operatorId: null,
      actor: 'customer',
      customerId,
      action: 'direct_debit_claim.created',
      details: { claimId: claim.id, collectionId: c.id },
      at: now,
    });
    return toClaim(claim);
  });
}
