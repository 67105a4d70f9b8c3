import { CARD_CHANNEL_LIST, type CardChannelFlags } from '@comptoir/contracts';
import { isUuid, type Cents } from '@comptoir/core';
import type { Queryable } from '../../db/types.ts';

/** SQL of 3-D Secure authentications (migration 0040); customer queries are filtered by the customer. */

/** A malformed id reaches no query: it is unknown, like another customer's. */
export const isAuthenticationId = (id: string): boolean => isUuid(id);

export type AuthenticationStatus = 'pending' | 'approved' | 'refused' | 'expired' | 'exempted' | 'rejected';
export type RejectionReason =
  | 'unknown_card'
  | 'card_expired'
  | 'card_cancelled'
  | 'card_locked'
  | 'invalid_card_details'
  | 'channel_disabled';

export interface AuthenticationRow {
  id: string;
  card_id: string | null;
  customer_id: string | null;
  /** The card's last four digits (null for an unknown card's rejection). */
  last4: string | null;
  amount: Cents;
  merchant: string;
  merchant_url: string | null;
  status: AuthenticationStatus;
  reason: RejectionReason | null;
  value_sealed: string | null;
  value_expires_at: Date | null;
  created_at: Date;
  expires_at: Date;
  decided_at: Date | null;
  used_at: Date | null;
}

const COLUMNS = `a.id, a.card_id, a.customer_id, c.last4, a.amount, a.merchant, a.merchant_url, a.status,
  a.reason, a.value_sealed, a.value_expires_at, a.created_at, a.expires_at, a.decided_at, a.used_at`;
const FROM = `card_authentications a left join cards c on c.id = a.card_id`;

/** What an authentication needs of its card, read under the card's row lock. */
export interface AuthenticatingCard {
  id: string;
  customer_id: string;
  status: 'active' | 'expired' | 'cancelled';
  locked: boolean;
  channels: CardChannelFlags;
  /** First day of the expiry month, YYYY-MM-DD. */
  expires_month: string;
  exemption_amount: Cents;
  exemption_count: number;
}

/** The card's `<channel>_enabled` columns as one object { "<channel>": boolean }, over the list. */
const CHANNEL_FLAGS = `jsonb_build_object(${CARD_CHANNEL_LIST.map((c) => `'${c.id}', ${c.id}_enabled`).join(', ')})`;

/** The card with this PAN fingerprint, row-locked (the first lock of every card writer). */
export async function lockCardByFingerprint(
  q: Queryable,
  fingerprint: string,
): Promise<AuthenticatingCard | null> {
  const { rows } = await q.query<AuthenticatingCard>(
    `select id, customer_id, status, locked, ${CHANNEL_FLAGS} as channels,
            expires_month::text as expires_month, exemption_amount, exemption_count
       from cards where pan_fingerprint = $1 for update`,
    [fingerprint],
  );
  return rows[0] ?? null;
}

/** The card row lock by id (the approval takes it before the authentication's). */
export async function lockCard(
  q: Queryable,
  cardId: string,
): Promise<{ status: string; locked: boolean; online_enabled: boolean } | null> {
  const { rows } = await q.query<{ status: string; locked: boolean; online_enabled: boolean }>(
    `select status, locked, online_enabled from cards where id = $1 for update`,
    [cardId],
  );
  return rows[0] ?? null;
}

/**
 * Counts one more remote payment under the low-value exemption, which the caller found it fits
 * (`lowValueExempt`) on the counters it read under the card's lock, still held.
 */
export async function countLowValueExemption(q: Queryable, cardId: string, amount: bigint): Promise<void> {
  await q.query(
    `update cards set exemption_amount = exemption_amount + $2, exemption_count = exemption_count + 1
      where id = $1`,
    [cardId, String(amount)],
  );
}

/** A strong authentication happened for this card: the exemption counts from zero again. */
export async function resetLowValueExemption(q: Queryable, cardId: string): Promise<void> {
  await q.query(`update cards set exemption_amount = 0, exemption_count = 0 where id = $1`, [cardId]);
}

export interface NewAuthentication {
  cardId: string | null;
  customerId: string | null;
  amount: bigint;
  merchant: string;
  merchantUrl: string | null;
  status: 'pending' | 'exempted' | 'rejected';
  reason: RejectionReason | null;
  valueHash: string | null;
  valueExpiresAt: Date | null;
  createdAt: Date;
  expiresAt: Date;
}

export async function insertAuthentication(q: Queryable, a: NewAuthentication): Promise<string> {
  const { rows } = await q.query<{ id: string }>(
    `insert into card_authentications (card_id, customer_id, amount, merchant, merchant_url, status, reason,
        value_hash, value_expires_at, created_at, expires_at, decided_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, case when $6 = 'exempted' then $10::timestamptz end)
     returning id`,
    [
      a.cardId,
      a.customerId,
      String(a.amount),
      a.merchant,
      a.merchantUrl,
      a.status,
      a.reason,
      a.valueHash,
      a.valueExpiresAt,
      a.createdAt,
      a.expiresAt,
    ],
  );
  return rows[0]!.id;
}

/** One authentication with its card's last four digits, whoever it belongs to (the merchant's view). */
export async function authenticationById(q: Queryable, id: string): Promise<AuthenticationRow | null> {
  if (!isAuthenticationId(id)) return null;
  const { rows } = await q.query<AuthenticationRow>(`select ${COLUMNS} from ${FROM} where a.id = $1`, [id]);
  return rows[0] ?? null;
}

/** The same, row-locked (the merchant reads a sealed value once). */
export async function lockAuthentication(q: Queryable, id: string): Promise<AuthenticationRow | null> {
  if (!isAuthenticationId(id)) return null;
  const { rows } = await q.query<AuthenticationRow>(
    `select ${COLUMNS} from ${FROM} where a.id = $1 for update of a`,
    [id],
  );
  return rows[0] ?? null;
}

/** The card of one of the customer's authentications, without locking (the caller locks the card first). */
export async function customerAuthenticationCard(
  q: Queryable,
  customerId: string,
  id: string,
): Promise<string | null> {
  if (!isAuthenticationId(id)) return null;
  const { rows } = await q.query<{ card_id: string }>(
    `select card_id from card_authentications where id = $1 and customer_id = $2 and status <> 'rejected'`,
    [id, customerId],
  );
  return rows[0]?.card_id ?? null;
}

/** One of the customer's authentications, row-locked; null for an unknown id or another's. */
export async function lockCustomerAuthentication(
  q: Queryable,
  customerId: string,
  id: string,
): Promise<AuthenticationRow | null> {
  if (!isAuthenticationId(id)) return null;
  const { rows } = await q.query<AuthenticationRow>(
    `select ${COLUMNS} from ${FROM}
      where a.id = $1 and a.customer_id = $2 and a.status <> 'rejected' for update of a`,
    [id, customerId],
  );
  return rows[0] ?? null;
}

/**
 * The customer's authentications: those still waiting for an answer first, then the others, newest
 * first, `limit` in all (the rejected ones — no payment was ever asked of the customer — left out).
 */
export async function customerAuthentications(
  q: Queryable,
  customerId: string,
  now: Date,
  limit: number,
): Promise<AuthenticationRow[]> {
  const { rows } = await q.query<AuthenticationRow>(
    `select ${COLUMNS} from ${FROM}
      where a.customer_id = $1 and a.status <> 'rejected'
      order by (a.status = 'pending' and a.expires_at > $2) desc, a.created_at desc, a.id
      limit $3`,
    [customerId, now, limit],
  );
  return rows;
}

export async function markApproved(
  q: Queryable,
  id: string,
  input: { valueHash: string; valueSealed: string; valueExpiresAt: Date; at: Date },
): Promise<void> {
  await q.query(
    `update card_authentications
        set status = 'approved', decided_at = $2, value_hash = $3, value_sealed = $4, value_expires_at = $5
      where id = $1 and status = 'pending'`,
    [id, input.at, input.valueHash, input.valueSealed, input.valueExpiresAt],
  );
}

export async function markRefused(q: Queryable, id: string, at: Date): Promise<void> {
  await q.query(
    `update card_authentications set status = 'refused', decided_at = $2 where id = $1 and status = 'pending'`,
    [id, at],
  );
}

/** The merchant has read the sealed value: it is gone (only its hash stays, for the authorisation). */
export async function forgetSealedValue(q: Queryable, id: string): Promise<void> {
  await q.query(`update card_authentications set value_sealed = null where id = $1`, [id]);
}

/**
 * Claims up to `limit` challenges past their expiry and marks them expired, skipping the rows a
 * customer's answer (or another instance) holds; returns them as they now stand.
 */
export async function expireDueChallenges(
  q: Queryable,
  now: Date,
  limit: number,
): Promise<AuthenticationRow[]> {
  const { rows } = await q.query<AuthenticationRow>(
    `with due as (
       select id from card_authentications
        where status = 'pending' and expires_at <= $1
        order by expires_at limit $2
          for update skip locked),
     done as (
       update card_authentications e set status = 'expired' from due where e.id = due.id returning e.*)
     select ${COLUMNS} from done a left join cards c on c.id = a.card_id`,
    [now, limit],
  );
  return rows;
}

/** Sealed values nobody read before they expired: erased (skipping rows being read right now). */
export async function eraseExpiredValues(q: Queryable, now: Date): Promise<number> {
  const { rowCount } = await q.query(
    `update card_authentications set value_sealed = null
      where id in (select id from card_authentications
                    where value_sealed is not null and value_expires_at <= $1
                      for update skip locked)`,
    [now],
  );
  return rowCount ?? 0;
}
