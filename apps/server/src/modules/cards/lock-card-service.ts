import type { Card } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { setCardLocked } from './customer-card-queries.ts';
import { cardAnswer, lockActiveCard } from './card-state.ts';

/**
 * `POST /api/cards/{id}/lock` and `/unlock` « Verrouiller temporairement »: the customer's own switch,
 * on an active card only; locking a locked card (or unlocking an unlocked one) changes nothing. The
 * authorisation check reads it under the card's row lock.
 */
export function setCardLock(ctx: AppContext, customerId: string, id: string, locked: boolean): Promise<Card> {
  return ctx.db.tx(async (q) => {
    const now = ctx.clock.now();
    const card = await lockActiveCard(q, customerId, id, now);
    if (card.locked !== locked) await setCardLocked(q, card.id, locked, now);
    return cardAnswer(q, customerId, card.id, now);
  });
}
