import { CARD_CHANNEL_LIST, type CardChannelFlags } from '@comptoir/contracts';
import type { Cents } from '@comptoir/core';
import type { Queryable } from '../../db/types.ts';

export interface CardRow {
  id: string;
  customer_id: string;
  account_id: bigint;
  status: 'active' | 'expired' | 'cancelled';
  locked: boolean;
  pan_sealed: string;
  cvv_sealed: string;
  last4: string;
  holder_first_name: string;
  holder_last_name: string;
  /** YYYY-MM-DD, first day of the issue month. */
  valid_from: string;
  /** YYYY-MM-DD, first day of the last month the card is valid. */
  expires_month: string;
  weekly_limit: Cents;
  monthly_limit: Cents;
  /** The channels allowed, read from the `<channel>_enabled` columns (CHANNEL_FLAGS_SQL). */
  channels: CardChannelFlags;
  created_at: Date;
  cancelled_at: Date | null;
}

/**
 * Each channel of CARD_CHANNEL_LIST is a `<id>_enabled` column of `cards`: read together as one
 * object `{ "<id>": boolean }` (a CardChannelFlags), written by setCardLimits, both over the list.
 */
export const CHANNEL_FLAGS_SQL = `jsonb_build_object(${CARD_CHANNEL_LIST.map((c) => `'${c.id}', ${c.id}_enabled`).join(', ')})`;

export const CARD_COLUMNS = `id, customer_id, account_id, status, locked, pan_sealed, cvv_sealed, last4,
  holder_first_name, holder_last_name, valid_from::text as valid_from, expires_month::text as expires_month,
  weekly_limit, monthly_limit, ${CHANNEL_FLAGS_SQL} as channels, created_at, cancelled_at`;

/**
 * What a card has spent, as its limits count it (the one rule; `GET /api/cards` shows these sums and
 * the authorisation's facts, db/functions/card_authorization_facts.sql, apply the same rule): the card's
 * approved authorisations — status `authorized` (their `amount`) or `cleared` (their `cleared_amount`);
 * declined and expired ones count nothing — whose `created_at` lies within the rolling window ending
 * now (`ctx.clock.now()`): `created_at > now - interval '7 days'` for the weekly limit,
 * `created_at > now - interval '30 days'` for the monthly one. Sums in cents (`bigint`). Refunds do not
 * give the limit back.
 */
export const SPENT_SQL = (cardId: string, now: string, days: 7 | 30) =>
  `coalesce((select sum(case when a.status = 'cleared' then a.cleared_amount else a.amount end)
      from card_authorizations a
     where a.card_id = ${cardId} and a.status in ('authorized', 'cleared')
       and a.created_at > ${now}::timestamptz - interval '${days} days'), 0)::bigint`;

export interface NewCard {
  id: string;
  customerId: string;
  accountId: bigint;
  panSealed: string;
  cvvSealed: string;
  panFingerprint: string;
  cvvMac: string;
  last4: string;
  holderFirstName: string;
  holderLastName: string;
  validFrom: string;
  expiresMonth: string;
  now: Date;
}

/**
 * Inserts a card; null when its PAN fingerprint is taken (draw another number). A second active card
 * of the same customer violates `cards_one_active` (23505) — the caller checks first, under a lock.
 */
export async function insertCard(q: Queryable, c: NewCard): Promise<CardRow | null> {
  const { rows } = await q.query<CardRow>(
    `insert into cards (id, customer_id, account_id, pan_sealed, cvv_sealed, pan_fingerprint, cvv_mac, last4,
        holder_first_name, holder_last_name, valid_from, expires_month, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::date, $12::date, $13, $13)
     on conflict (pan_fingerprint) do nothing
     returning ${CARD_COLUMNS}`,
    [
      c.id,
      c.customerId,
      String(c.accountId),
      c.panSealed,
      c.cvvSealed,
      c.panFingerprint,
      c.cvvMac,
      c.last4,
      c.holderFirstName,
      c.holderLastName,
      c.validFrom,
      c.expiresMonth,
      c.now,
    ],
  );
  return rows[0] ?? null;
}

/** Marks the customer's active cards past their expiry month as expired (before issuing a new one). */
export async function expireOutdatedCards(q: Queryable, customerId: string, now: Date): Promise<void> {
  await q.query(
    `update cards set status = 'expired', updated_at = $2
      where customer_id = $1 and status = 'active'
        and (expires_month + interval '1 month') <= ($2::timestamptz at time zone 'UTC')`,
    [customerId, now],
  );
}

/**
 * Gives the customer's active cards a new holder name (the verified identity changed); cancelled and
 * expired cards keep the name they had.
 */
export async function setCardHolderName(
  q: Queryable,
  customerId: string,
  name: { firstName: string; lastName: string },
  now: Date,
): Promise<void> {
  await q.query(
    `update cards set holder_first_name = $2, holder_last_name = $3, updated_at = $4
      where customer_id = $1 and status = 'active'`,
    [customerId, name.firstName, name.lastName, now],
  );
}
