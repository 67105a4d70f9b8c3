// Error codes thrown here: card_unknown.
import { cents } from '@comptoir/core';
import type { CardRefundRequest, CardRefundResponse } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { idempotent, requireIdempotencyKey } from '../../idempotency/idempotency.ts';
import { glAccount, postEntry } from '../../ledger/index.ts';
import { publishCard } from '../../events/index.ts';
import { sandboxOperatorId, sandboxScope, type SandboxActor } from '../../http/sandbox-actor.ts';
import { refundActivity } from './activity-view.ts';
import { cardByFingerprint, insertRefund } from './authorization-queries.ts';
import { cardSecrets } from './card-secrets.ts';

/**
 * A merchant gives money back to a card's holder (sandbox): a posted entry from gl:card-settlement to
 * the card's account, whatever the card's status (even cancelled or expired: the money is the
 * customer's); a closed account refuses it (409). The customer is told once, by the card event (the
 * browser refreshes balances and operations on it), not by a second credit notice. At most once per
 * (caller, Idempotency-Key); the request is identified by the PAN's fingerprint, never the PAN.
 * No card lock: a refund only credits, and the account lock (inside the ledger) is the last one of
 * the card writers' order.
 */
export async function refundCardPayment(
  ctx: AppContext,
  actor: SandboxActor,
  idempotencyKey: string | undefined,
  body: CardRefundRequest,
): Promise<{ status: number; body: CardRefundResponse; replayed: boolean }> {
  const key = requireIdempotencyKey(idempotencyKey);
  const fingerprint = (await cardSecrets(ctx.masterKey).macsFor(ctx.db, body.pan)).fingerprint(body.pan);
  return idempotent<CardRefundResponse>(
    ctx.db,
    sandboxScope(actor),
    key,
    { fingerprint, amount: body.amount, merchant: body.merchant },
    async (q) => {
      const card = await cardByFingerprint(q, fingerprint);
      if (!card) throw new AppError('card_unknown');
      const now = ctx.clock.now();
      const settlement = await glAccount(q, 'gl:card-settlement');
      const entry = await postEntry(q, {
        kind: 'card',
        legs: [
          { accountId: settlement.id, amount: cents(-body.amount) },
          { accountId: card.account_id, amount: cents(body.amount) },
        ],
        description: 'Remboursement carte',
        counterpartyName: body.merchant,
        initiatedByOperator: sandboxOperatorId(actor),
        metadata: { cardRefund: true },
        at: now,
      });
      const refund = await insertRefund(q, {
        cardId: card.id,
        customerId: card.customer_id,
        amount: BigInt(body.amount),
        merchant: body.merchant,
        entryId: entry.entryId,
        at: now,
      });
      await publishCard(q, card.customer_id, { cardId: card.id, activity: refundActivity(refund) });
      return { status: 201, body: { refundId: refund.id, number: entry.number } };
    },
  );
}
