import { cents } from '@comptoir/core';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/types.ts';
import { settleEntry } from '../../ledger/index.ts';
import { markCleared } from './authorization-queries.ts';
import { authorizeCard } from './authorize-card.ts';
import { cardSecrets } from './card-secrets.ts';
import { setCardLimits } from './customer-card-queries.ts';
import type { CardRow } from './queries.ts';

/** A card payment of the past: authorised at `at`, cleared by the merchant's bank an hour later. */
export interface PastCardPayment {
  amount: number;
  at: Date;
  merchant: string;
  channel: 'online' | 'in_store';
}

/**
 * The sandbox demo's card limits and channels, as its customer set them at `at`, in the caller's
 * transaction (a customer's own change goes through `updateCardLimits`, with its own transaction).
 */
export function setPastCardLimits(
  q: Queryable,
  cardId: string,
  limits: Parameters<typeof setCardLimits>[2],
  at: Date,
): Promise<void> {
  return setCardLimits(q, cardId, limits, at);
}

/**
 * The sandbox demo's history: a past card payment through the card path itself. `authorizeCard`
 * decides and reserves at the payment's time (every rule, the limits included), then the clearing
 * books the reservation and marks the authorisation cleared — the rows a real payment and its
 * clearing write, so the card screen's activity and « utilisés » agree with the operations. The
 * card's number and CVV are opened here only to be turned into their keyed fingerprint and MAC, as
 * the network's call does.
 */
export async function payPastByCard(
  ctx: AppContext,
  q: Queryable,
  card: CardRow,
  payment: PastCardPayment,
): Promise<void> {
  const secrets = cardSecrets(ctx.masterKey);
  const { pan, cvv } = secrets.open(card.id, { panSealed: card.pan_sealed, cvvSealed: card.cvv_sealed });
  const outcome = await authorizeCard(q, {
    fingerprint: secrets.fingerprint(pan),
    cvvMac: secrets.cvvMac(pan, cvv),
    expiry: card.expires_month,
    amount: cents(payment.amount),
    merchant: payment.merchant,
    channel: payment.channel,
    // Online demo payments stay under the low-value exemption (≤ 30 €): no 3-D Secure needed.
    authenticationHash: null,
    now: payment.at,
  });
  if (!outcome.approved || outcome.entryId === null) {
    throw new Error(`demo card payment declined: ${outcome.reason ?? 'unknown'}`);
  }
  const clearedAt = new Date(payment.at.getTime() + 3_600_000);
  await settleEntry(q, outcome.entryId, clearedAt);
  await markCleared(q, outcome.authorizationId, BigInt(payment.amount), outcome.entryId, clearedAt);
}
