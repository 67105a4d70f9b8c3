// Error codes thrown here: held_credit_account_closed, held_credit_proposal_pending.
import type { HeldCredit, ReleaseHeldCreditRequest, ReturnHeldCreditRequest } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { appendAudit } from '../../audit/audit.ts';
import { AppError } from '../../errors.ts';
import type { OperatorPrincipal } from '../../http/operator-principal.ts';
import { lockCustomerAccount } from '../../ledger/index.ts';
import { heldCreditAfterStep, lockUndecidedHeldCredit } from './lock.ts';
import { recordProposal } from './queries.ts';

type Action = 'release' | 'return';
const PROPOSED = { release: 'release_proposed', return: 'return_proposed' } as const;

/**
 * The first of two operators proposes what becomes of a held credit, with a reason and a note (kept
 * on it; the audit says one was given, never its text). Nothing moves until another operator
 * approves. The same proposal twice is refused (409); the other one replaces it — what two
 * operators disagree on waits for a third look, and still takes someone else's approval. A release
 * needs the customer's account open.
 */
async function propose(
  ctx: AppContext,
  operator: OperatorPrincipal,
  idParam: string,
  action: Action,
  body: { reason: string; note: string },
): Promise<HeldCredit> {
  return ctx.db.tx(async (q) => {
    const now = ctx.clock.now();
    const held = await lockUndecidedHeldCredit(q, idParam);
    if (held.status === PROPOSED[action]) throw new AppError('held_credit_proposal_pending');
    if (action === 'release') {
      const account = await lockCustomerAccount(q, held.customer_id, held.account_id);
      if (account?.status !== 'open') throw new AppError('held_credit_account_closed');
    }
    await recordProposal(q, {
      id: held.id,
      action,
      reason: body.reason,
      note: body.note,
      operatorId: operator.id,
      now,
    });
    await appendAudit(q, {
      operatorId: operator.id,
      customerId: held.customer_id,
      action: `held_credit.${action}_proposed`,
      details: {
        heldCreditId: held.id,
        reason: body.reason,
        replaces: held.status === 'held' ? null : held.status,
        withNote: true,
      },
      at: now,
    });
    return heldCreditAfterStep(ctx, q, held.id);
  });
}

/** `POST /api/backoffice/held-credits/{id}/release`: propose giving the money to the customer. */
export const proposeRelease = (
  ctx: AppContext,
  operator: OperatorPrincipal,
  idParam: string,
  body: ReleaseHeldCreditRequest,
): Promise<HeldCredit> => propose(ctx, operator, idParam, 'release', body);

/** `POST /api/backoffice/held-credits/{id}/return`: propose sending it back to the originator's bank. */
export const proposeReturn = (
  ctx: AppContext,
  operator: OperatorPrincipal,
  idParam: string,
  body: ReturnHeldCreditRequest,
): Promise<HeldCredit> => propose(ctx, operator, idParam, 'return', body);
