// Error codes thrown here: card_limits_inconsistent.
import {
  channelFlagsOfUpdate,
  weeklyAboveMonthly,
  type Card,
  type CardLimitsRequest,
} from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { setCardLimits } from './customer-card-queries.ts';
import { cardAnswer, lockActiveCard } from './card-state.ts';

/**
 * `PUT /api/cards/{id}/limits`: weekly (0–5 000 €) and monthly (0–10 000 €) limits in cents and the
 * channels allowed (the contract checks the bounds), on an active card only; a weekly limit above
 * the monthly one is refused (422). A limit below what was already spent only stops further payments.
 */
export function updateCardLimits(
  ctx: AppContext,
  customerId: string,
  id: string,
  body: CardLimitsRequest,
): Promise<Card> {
  return ctx.db.tx(async (q) => {
    const now = ctx.clock.now();
    const card = await lockActiveCard(q, customerId, id, now);
    if (weeklyAboveMonthly(body)) {
      throw new AppError('card_limits_inconsistent');
    }
    await setCardLimits(
      q,
      card.id,
      {
        weeklyLimit: body.weeklyLimit,
        monthlyLimit: body.monthlyLimit,
        channels: channelFlagsOfUpdate(body.channels),
      },
      now,
    );
    return cardAnswer(q, customerId, card.id, now);
  });
}
