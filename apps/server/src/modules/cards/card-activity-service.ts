import type { CardActivity } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { cardActivityRows, customerCard } from './customer-card-queries.ts';
import { authorizationActivity, refundActivity } from './activity-view.ts';
import { cardNotFound } from './card-state.ts';

/** How many lines `GET /api/cards/{id}/activity` answers at most. */
export const CARD_ACTIVITY_LIMIT = 50;

/**
 * `GET /api/cards/{id}/activity`: the card's authorisations (declines included) and refunds, newest
 * first (by when the network asked), at most 50.
 */
export function cardActivity(ctx: AppContext, customerId: string, id: string): Promise<CardActivity[]> {
  return ctx.db.tx(async (q) => {
    const card = await customerCard(q, customerId, id, ctx.clock.now());
    if (!card) throw cardNotFound();
    const { authorizations, refunds } = await cardActivityRows(q, customerId, card.id, CARD_ACTIVITY_LIMIT);
    const lines = [
      ...authorizations.map((row) => ({
        created: row.created_at.getTime(),
        activity: authorizationActivity(row),
      })),
      ...refunds.map((row) => ({ created: row.created_at.getTime(), activity: refundActivity(row) })),
    ];
    return lines
      .sort((a, b) => b.created - a.created)
      .slice(0, CARD_ACTIVITY_LIMIT)
      .map((line) => line.activity);
  });
}
