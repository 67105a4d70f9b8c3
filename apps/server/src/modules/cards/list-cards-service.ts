import type { Card } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { customerCards } from './customer-card-queries.ts';
import { toCard } from './card-view.ts';
import { expireOutdatedCards } from './queries.ts';

/**
 * `GET /api/cards`: the customer's cards, the active one first, then the others newest first, each
 * with what it spent over the rolling 7 and 30 days. A card past its expiry month is marked `expired`
 * on the way.
 */
export function listCards(ctx: AppContext, customerId: string): Promise<Card[]> {
  return ctx.db.tx(async (q) => {
    const now = ctx.clock.now();
    await expireOutdatedCards(q, customerId, now);
    return (await customerCards(q, customerId, now)).map(toCard);
  });
}
