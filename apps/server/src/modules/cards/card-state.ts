// Error codes thrown here: card_cancelled, card_expired, card_not_found.
import type { Card } from '@comptoir/contracts';
import type { Queryable } from '../../db/types.ts';
import { AppError } from '../../errors.ts';
import { customerCard, lockCustomerCard } from './customer-card-queries.ts';
import { toCard } from './card-view.ts';
import { expireOutdatedCards, type CardRow } from './queries.ts';

/** The answer for an unknown id, a malformed one and another customer's card alike. */
export const cardNotFound = () => new AppError('card_not_found');

/**
 * One of the customer's cards, row-locked, that must still be active: the customer's cards past
 * their expiry month are marked `expired` first. Another customer's card is a 404; a cancelled or
 * expired card a 409.
 */
export async function lockActiveCard(
  q: Queryable,
  customerId: string,
  id: string,
  now: Date,
): Promise<CardRow> {
  await expireOutdatedCards(q, customerId, now);
  const card = await lockCustomerCard(q, customerId, id);
  if (!card) throw cardNotFound();
  if (card.status === 'cancelled') throw new AppError('card_cancelled');
  if (card.status === 'expired') throw new AppError('card_expired');
  return card;
}

/** The card as the API answers it, read again after a change (with its spent sums). */
export async function cardAnswer(q: Queryable, customerId: string, id: string, now: Date): Promise<Card> {
  const row = await customerCard(q, customerId, id, now);
  if (!row) throw cardNotFound();
  return toCard(row);
}
