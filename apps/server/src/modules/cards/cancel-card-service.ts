import type { Card } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { setCardCancelled } from './customer-card-queries.ts';
import { cardAnswer, lockActiveCard } from './card-state.ts';

/**
 * `DELETE /api/cards/{id}` « Supprimer la carte » (opposition): the card is cancelled for good — no
 * authorisation, unlock or reveal afterwards; the customer may then create another one. Approved
 * authorisations still waiting for their clearing stay: they clear or expire as usual.
 */
export function cancelCard(ctx: AppContext, customerId: string, id: string): Promise<Card> {
  return ctx.db.tx(async (q) => {
    const now = ctx.clock.now();
    const card = await lockActiveCard(q, customerId, id, now);
    await setCardCancelled(q, card.id, now);
    return cardAnswer(q, customerId, card.id, now);
  });
}
