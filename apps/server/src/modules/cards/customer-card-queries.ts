import { CARD_CHANNEL_LIST, type CardChannelFlags } from '@comptoir/contracts';
import { isUuid, type Cents } from '@comptoir/core';
import type { Queryable } from '../../db/types.ts';
import type { AuthorizationRow, RefundRow } from './activity-view.ts';
import { CARD_COLUMNS, SPENT_SQL, type CardRow } from './queries.ts';

/** The customer's card API (docs/product/cards.md): every query is filtered by the acting customer. */

export const isCardId = (id: string): boolean => isUuid(id);

/** A card with what it spent over the rolling windows of its limits (see SPENT_SQL). */
export interface CardViewRow extends CardRow {
  weekly_spent: Cents;
  monthly_spent: Cents;
}

const VIEW_COLUMNS = `${CARD_COLUMNS}, ${SPENT_SQL('cards.id', '$2', 7)} as weekly_spent,
  ${SPENT_SQL('cards.id', '$2', 30)} as monthly_spent`;

/** The customer's cards: the active one first, then the others newest first. */
export async function customerCards(q: Queryable, customerId: string, now: Date): Promise<CardViewRow[]> {
  const { rows } = await q.query<CardViewRow>(
    `select ${VIEW_COLUMNS} from cards where customer_id = $1
      order by (status = 'active') desc, created_at desc, id`,
    [customerId, now],
  );
  return rows;
}

/** One of the customer's cards with its spent sums; null for an unknown id or another's card. */
export async function customerCard(
  q: Queryable,
  customerId: string,
  id: string,
  now: Date,
): Promise<CardViewRow | null> {
  if (!isCardId(id)) return null;
  const { rows } = await q.query<CardViewRow>(
    `select ${VIEW_COLUMNS} from cards where customer_id = $1 and id = $3`,
    [customerId, now, id],
  );
  return rows[0] ?? null;
}

/** One of the customer's cards, row-locked for a change of state; null if not theirs. */
export async function lockCustomerCard(
  q: Queryable,
  customerId: string,
  id: string,
): Promise<CardRow | null> {
  if (!isCardId(id)) return null;
  const { rows } = await q.query<CardRow>(
    `select ${CARD_COLUMNS} from cards where customer_id = $1 and id = $2 for update`,
    [customerId, id],
  );
  return rows[0] ?? null;
}

export interface CardHolderRow {
  first_name: string | null;
  last_name: string | null;
  account_id: bigint | null;
  account_status: 'open' | 'closed' | null;
  active_cards: number;
}

/**
 * Locks the customer's row (two « Créer une carte » of the same customer run one after the other)
 * and reads what issuing needs: the holder's names, the main account and how many active cards.
 */
export async function lockCardHolder(q: Queryable, customerId: string): Promise<CardHolderRow | null> {
  const locked = await q.query<{ id: string }>(`select id from customers where id = $1 for update`, [
    customerId,
  ]);
  if (!locked.rows[0]) return null;
  const { rows } = await q.query<CardHolderRow>(
    `select c.first_name, c.last_name, a.id as account_id, a.status as account_status,
            (select count(*)::int from cards k where k.customer_id = c.id and k.status = 'active') as active_cards
       from customers c
       left join ledger_accounts a on a.customer_id = c.id and a.kind = 'customer_main'
      where c.id = $1
      order by a.id limit 1`,
    [customerId],
  );
  return rows[0] ?? null;
}

export async function setCardLocked(q: Queryable, id: string, locked: boolean, now: Date): Promise<void> {
  await q.query(`update cards set locked = $2, updated_at = $3 where id = $1`, [id, locked, now]);
}

/** The `<channel>_enabled` columns, after the limits' $2, $3 and updated_at's $4: `<id>_enabled = $5, …`. */
const SET_CHANNELS = CARD_CHANNEL_LIST.map(
  (c, i) => `${c.id}_enabled = coalesce($${i + 5}::boolean, ${c.id}_enabled)`,
).join(', ');

/** Limits and channels; a channel left out (`recurring` may be) keeps the card's current setting. */
export async function setCardLimits(
  q: Queryable,
  id: string,
  l: { weeklyLimit: number; monthlyLimit: number; channels: Partial<CardChannelFlags> },
  now: Date,
): Promise<void> {
  await q.query(
    `update cards set weekly_limit = $2, monthly_limit = $3, updated_at = $4, ${SET_CHANNELS} where id = $1`,
    [
      id,
      String(l.weeklyLimit),
      String(l.monthlyLimit),
      now,
      ...CARD_CHANNEL_LIST.map((c) => l.channels[c.id] ?? null),
    ],
  );
}

/** Opposition: the card is cancelled for good. */
export async function setCardCancelled(q: Queryable, id: string, now: Date): Promise<void> {
  await q.query(
    `update cards set status = 'cancelled', cancelled_at = $2, updated_at = $2 where id = $1 and status <> 'cancelled'`,
    [id, now],
  );
}

const AUTHORIZATION_COLUMNS = `a.id, a.card_id, a.customer_id, a.amount, a.merchant, a.channel, a.status, a.reason,
  a.cleared_amount, a.created_at, a.cleared_at, a.expired_at`;

/** The card's authorisations (declines included) and refunds, newest first, at most `limit` of each. */
export async function cardActivityRows(
  q: Queryable,
  customerId: string,
  cardId: string,
  limit: number,
): Promise<{ authorizations: AuthorizationRow[]; refunds: RefundRow[] }> {
  const authorizations = await q.query<AuthorizationRow>(
    `select ${AUTHORIZATION_COLUMNS} from card_authorizations a
      where a.card_id = $1 and exists (select 1 from cards c where c.id = a.card_id and c.customer_id = $2)
      order by a.created_at desc, a.id limit $3`,
    [cardId, customerId, limit],
  );
  const refunds = await q.query<RefundRow>(
    `select id, card_id, amount, merchant, created_at from card_refunds
      where card_id = $1 and customer_id = $2 order by created_at desc, id limit $3`,
    [cardId, customerId, limit],
  );
  return { authorizations: authorizations.rows, refunds: refunds.rows };
}
