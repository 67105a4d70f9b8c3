// Error codes thrown here: card_authentication_not_found, card_authentication_card_unusable.
import type { CardAuthentication } from '@comptoir/contracts';
import { toJsonCents } from '@comptoir/core';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { consumeScaToken } from '../sca/index.ts';
import { authenticationValues, valueExpiry } from './authentication-value.ts';
import { toCardAuthentication } from './authentication-view.ts';
import { lockPendingAuthentication } from './decision.ts';
import { announce } from './publish.ts';
import {
  customerAuthenticationCard,
  lockCard,
  lockCustomerAuthentication,
  markApproved,
  resetLowValueExemption,
} from './queries.ts';

/**
 * `POST /api/card-authentications/{id}/approve`: the customer confirms an online payment with a
 * strong authentication bound to it (`card_authentication`, `{authenticationId, amount, merchant}`
 * as read from the row — never the client's word), consumed in this transaction. The authentication
 * value is made now, kept sealed for the merchant's next read and good for 30 minutes; the card's
 * low-value exemption counts from zero again (a strong authentication happened). A card locked,
 * cancelled or with online payments switched off since the merchant asked cannot approve (409). Locks: the card row,
 * then the authentication's, as an authorisation takes them. Announced live to the customer.
 */
export function approveCardAuthentication(
  ctx: AppContext,
  customerId: string,
  id: string,
  scaToken: string | undefined,
): Promise<CardAuthentication> {
  return ctx.db.tx(async (q) => {
    const now = ctx.clock.now();
    const cardId = await customerAuthenticationCard(q, customerId, id);
    if (!cardId) throw new AppError('card_authentication_not_found');
    const card = await lockCard(q, cardId);
    const row = await lockPendingAuthentication(q, customerId, id, now);
    // Checked again now, not only when the merchant asked: locked, cancelled or online payments off since.
    if (!card || card.status !== 'active' || card.locked || !card.online_enabled)
      throw new AppError('card_authentication_card_unusable');
    await consumeScaToken(q, ctx.clock, {
      customerId,
      token: scaToken,
      action: 'card_authentication',
      details: { authenticationId: row.id, amount: toJsonCents(row.amount), merchant: row.merchant },
    });
    const { hash, sealed } = authenticationValues(ctx.masterKey).issue(row.id);
    await markApproved(q, row.id, {
      valueHash: hash,
      valueSealed: sealed,
      valueExpiresAt: valueExpiry(now),
      at: now,
    });
    await resetLowValueExemption(q, cardId);
    const approved = await lockCustomerAuthentication(q, customerId, row.id);
    if (!approved) throw new Error('authentication vanished');
    await announce(q, approved, now);
    return toCardAuthentication(approved, now);
  });
}
