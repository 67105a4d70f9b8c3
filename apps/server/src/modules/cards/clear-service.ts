// Error codes thrown here: authorization_already_cleared, authorization_declined, authorization_expired,
//   authorization_not_found, clearing_amount_out_of_tolerance.
import { cents, toJsonCents, isUuid } from '@comptoir/core';
import {
  CARD_AUTHORIZATION_EXPIRY_DAYS,
  CARD_CLEARING_TOLERANCE_PERCENT,
  type CardClearingRequest,
  type CardClearingResponse,
} from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { glAccount, postEntry, settleEntry, voidEntry } from '../../ledger/index.ts';
import { publishCard } from '../../events/index.ts';
import { sandboxOperatorId, type SandboxActor } from '../../http/sandbox-actor.ts';
import { authorizationActivity } from './activity-view.ts';
import { authorizationCardId, lockAuthorization, lockCard, markCleared } from './authorization-queries.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const notFound = () => new AppError('authorization_not_found');

/** Within ±15 % of the authorised amount, in integer arithmetic. */
export const withinTolerance = (amount: bigint, authorized: bigint): boolean =>
  amount * 100n <= authorized * BigInt(100 + CARD_CLEARING_TOLERANCE_PERCENT) &&
  amount * 100n >= authorized * BigInt(100 - CARD_CLEARING_TOLERANCE_PERCENT);

/**
 * The network settles an approved authorisation (sandbox): the amount may differ from the authorised
 * one by at most 15 % (a restaurant tip). In one transaction, in the card writers' lock order — the
 * card row, the authorisation row, then the account (inside the ledger): the same amount books the
 * reservation itself (same st- number); another amount voids the reservation and posts the cleared
 * amount (debit the account, credit gl:card-settlement). Above the authorised amount the extra must
 * be available — the ledger has no overdraft — or nothing is written (422) and the authorisation
 * stays open. Clearings are not checked against the card's limits: the limits decide at
 * authorisation time, and a clearing is the merchant's final figure for a payment already accepted.
 * Only an open (`authorized`, not yet 7 days old) authorisation clears: otherwise 409.
 */
export async function clearCardAuthorization(
  ctx: AppContext,
  actor: SandboxActor,
  body: CardClearingRequest,
): Promise<CardClearingResponse> {
  if (!isUuid(body.authorizationId)) throw notFound();
  const amount = BigInt(body.amount);
  return ctx.db.tx(async (q) => {
    const cardId = await authorizationCardId(q, body.authorizationId);
    if (!cardId) throw notFound();
    const card = await lockCard(q, cardId);
    if (!card) throw notFound();
    const auth = await lockAuthorization(q, body.authorizationId);
    if (!auth || auth.entry_id === null) {
      if (auth?.status === 'declined') {
        throw new AppError('authorization_declined');
      }
      throw notFound();
    }
    const now = ctx.clock.now();
    if (auth.status === 'cleared') throw new AppError('authorization_already_cleared');
    if (
      auth.status === 'expired' ||
      auth.created_at.getTime() <= now.getTime() - CARD_AUTHORIZATION_EXPIRY_DAYS * DAY_MS
    ) {
      throw new AppError('authorization_expired');
    }
    if (!withinTolerance(amount, auth.amount)) {
      throw new AppError('clearing_amount_out_of_tolerance');
    }
    let entry: { entryId: bigint; number: string };
    if (amount === auth.amount) {
      entry = await settleEntry(q, auth.entry_id, now);
    } else {
      await voidEntry(q, auth.entry_id, now);
      const settlement = await glAccount(q, 'gl:card-settlement');
      entry = await postEntry(q, {
        kind: 'card',
        legs: [
          { accountId: card.account_id, amount: cents(-body.amount) },
          { accountId: settlement.id, amount: cents(body.amount) },
        ],
        description: 'Carte',
        counterpartyName: auth.merchant,
        initiatedByOperator: sandboxOperatorId(actor),
        metadata: {
          authorizationId: auth.id,
          channel: auth.channel,
          authorizedAmount: toJsonCents(auth.amount),
        },
        at: now,
      });
    }
    const row = await markCleared(q, auth.id, amount, entry.entryId, now);
    await publishCard(q, card.customer_id, { cardId: card.id, activity: authorizationActivity(row) });
    return { authorizationId: auth.id, number: entry.number, amount: body.amount };
  });
}
