// Error codes thrown here: account_not_found, card_account_not_open, card_already_active.
import type { Card } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { sqlState } from '../../db/types.ts';
import { AppError } from '../../errors.ts';
import { lockCardHolder } from './customer-card-queries.ts';
import { cardAnswer } from './card-state.ts';
import { issueCard } from './issue-card-service.ts';
import { expireOutdatedCards } from './queries.ts';

const alreadyActive = () => new AppError('card_already_active');

/**
 * `POST /api/cards` « Créer une carte »: issues a card on the main account when the customer has no
 * active one. The customer's row is locked first, so two calls at once run one after the other and
 * the second sees the first card; the unique index `cards_one_active` is the last guard, and its
 * violation is the same 409. No Idempotency-Key: issuing moves no money, and a repeated call answers
 * 409 since the first card is active.
 */
export async function createCard(ctx: AppContext, customerId: string): Promise<Card> {
  try {
    return await ctx.db.tx(async (q) => {
      const now = ctx.clock.now();
      await expireOutdatedCards(q, customerId, now);
      const holder = await lockCardHolder(q, customerId);
      if (!holder?.account_id) throw new AppError('account_not_found');
      if (holder.account_status !== 'open') {
        throw new AppError('card_account_not_open');
      }
      if (holder.active_cards > 0) throw alreadyActive();
      const card = await issueCard(ctx, q, {
        customerId,
        accountId: holder.account_id,
        firstName: holder.first_name ?? '',
        lastName: holder.last_name ?? '',
      });
      return cardAnswer(q, customerId, card.id, now);
    });
  } catch (error) {
    if (sqlState(error) === '23505') throw alreadyActive();
    throw error;
  }
}
