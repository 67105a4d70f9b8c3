import {
  CARD_CHANNEL_LIST,
  type CardChannel,
  type CardChannelFlags,
  type CardDeclineReason,
  type CardStatus,
} from '@comptoir/contracts';
import { cents, type Cents } from '@comptoir/core';
import type { Queryable } from '../../db/types.ts';
import type { AuthorizationRow, RefundRow } from './activity-view.ts';
import type { AuthenticationFacts, AuthorizationDecision, AuthorizationFacts, CardFacts } from './rules.ts';

const AUTHORIZATION_COLUMNS = `id, card_id, customer_id, amount, merchant, channel, status, reason, cleared_amount,
  created_at, cleared_at, expired_at`;

/** A payment the card network asks about, with the card's number and CVV already keyed (never in clear). */
export interface AuthorizationRequest {
  fingerprint: string;
  cvvMac: string;
  /** YYYY-MM-DD, first day of the expiry month given; null when it could not be read. */
  expiry: string | null;
  amount: Cents;
  merchant: string;
  channel: CardChannel;
  /** An online payment's 3-D Secure authentication value, keyed-hashed (`tokenHash`); null without one. */
  authenticationHash: string | null;
  /** A recurring payment's agreement reference; null or left out without one. */
  agreementReference?: string | null;
  now: Date;
}

/** What card_authorization_facts returns of a known card; for an unknown card, every column is null. */
interface CardColumns {
  o_card: string;
  o_customer: string;
  o_account: bigint;
  o_status: CardStatus;
  o_locked: boolean;
  o_expires_month: string;
  o_cvv_mac: string;
  /** Every `<channel>_enabled` column of the card, by channel. */
  o_channels: Record<string, boolean>;
  o_weekly_limit: Cents;
  o_monthly_limit: Cents;
  o_exemption_amount: Cents;
  o_exemption_count: number;
  o_wrong_details: number;
  o_week_spent: Cents;
  o_month_spent: Cents;
  o_agreement: boolean;
  o_account_open: boolean;
  o_compliance_hold: boolean;
  o_frozen: boolean;
}

/** The authentication the payment's value names; every column null without one. */
interface AuthenticationColumns {
  o_authentication: string;
  o_authentication_card: string | null;
  o_authentication_status: string;
  o_authentication_merchant: string;
  o_authentication_amount: Cents;
  o_authentication_used: boolean;
  o_authentication_value_expires_at: Date | null;
}

type Nulls<T> = { [K in keyof T]: null };
type FactsRow = (CardColumns | Nulls<CardColumns>) & (AuthenticationColumns | Nulls<AuthenticationColumns>);

/** The facts of an authorisation, and whose card it is (what its record names). */
export interface ReadFacts {
  facts: AuthorizationFacts;
  customerId: string | null;
  accountId: bigint | null;
}

const cardFacts = (row: CardColumns): CardFacts => ({
  id: row.o_card,
  status: row.o_status,
  locked: row.o_locked,
  expiresMonth: row.o_expires_month,
  cvvMac: row.o_cvv_mac,
  channels: Object.fromEntries(
    CARD_CHANNEL_LIST.map((c) => [c.id, row.o_channels[c.id] === true]),
  ) as CardChannelFlags,
  weeklyLimit: row.o_weekly_limit,
  monthlyLimit: row.o_monthly_limit,
  exemption: { amount: row.o_exemption_amount, count: row.o_exemption_count },
});

const authenticationFacts = (row: AuthenticationColumns): AuthenticationFacts => ({
  id: row.o_authentication,
  cardId: row.o_authentication_card,
  status: row.o_authentication_status,
  merchant: row.o_authentication_merchant,
  amount: row.o_authentication_amount,
  used: row.o_authentication_used,
  valueExpiresAt: row.o_authentication_value_expires_at,
});

/**
 * Locks the card (then the authentication its value names) and reads every fact the rules decide on,
 * in one round trip (db/functions/card_authorization_facts.sql); the locks last until the caller's
 * transaction ends. The channels come from the card's `<channel>_enabled` columns, over the list.
 */
export async function readAuthorizationFacts(q: Queryable, r: AuthorizationRequest): Promise<ReadFacts> {
  const { rows } = await q.query<FactsRow>(
    `select * from card_authorization_facts($1, $2, $3::timestamptz, $4, $5)`,
    [r.fingerprint, r.merchant, r.now, r.authenticationHash, r.agreementReference ?? null],
  );
  const row = rows[0];
  if (!row) throw new Error('card_authorization_facts returned nothing');
  const given = {
    now: r.now,
    channel: r.channel,
    expiry: r.expiry,
    cvvMac: r.cvvMac,
    amount: r.amount,
    merchant: r.merchant,
    authenticationValue: r.authenticationHash !== null,
    authentication: row.o_authentication === null ? null : authenticationFacts(row),
  };
  if (row.o_card === null) {
    const nothing = cents(0);
    return {
      facts: {
        ...given,
        card: null,
        wrongDetails: 0,
        spent: { week: nothing, month: nothing },
        agreement: false,
        accountOpen: false,
        complianceHold: false,
        frozen: false,
      },
      customerId: null,
      accountId: null,
    };
  }
  return {
    facts: {
      ...given,
      card: cardFacts(row),
      wrongDetails: row.o_wrong_details,
      spent: { week: row.o_week_spent, month: row.o_month_spent },
      agreement: row.o_agreement,
      accountOpen: row.o_account_open,
      complianceHold: row.o_compliance_hold,
      frozen: row.o_frozen,
    },
    customerId: row.o_customer,
    accountId: row.o_account,
  };
}

/** What an authorisation came to, as it was recorded. */
export interface AuthorizationOutcome {
  authorizationId: string;
  approved: boolean;
  reason: CardDeclineReason | null;
  customerId: string | null;
  cardId: string | null;
  /** The reservation's entry, for an approval. */
  entryId: bigint | null;
  number: string | null;
  /** The card's agreement with the merchant, after an approval authenticated by the customer. */
  agreementReference: string | null;
}

/**
 * Records the decision in the same transaction (db/functions/card_authorization_record.sql): for an
 * approval the reservation first, which the ledger may still refuse (then a decline), the
 * authorisation's row, and what the approval writes. One round trip.
 */
export async function recordAuthorization(
  q: Queryable,
  r: AuthorizationRequest,
  read: ReadFacts,
  decision: AuthorizationDecision,
): Promise<AuthorizationOutcome> {
  const approval = decision.approved ? decision : null;
  const { rows } = await q.query<{
    o_authorization: string;
    o_approved: boolean;
    o_reason: CardDeclineReason | null;
    o_entry: bigint | null;
    o_number: string | null;
    o_agreement: string | null;
  }>(
    `select * from card_authorization_record($1, $2, $3::bigint, $4::bigint, $5, $6, $7::timestamptz, $8,
        $9, $10, $11)`,
    [
      read.facts.card?.id ?? null,
      read.customerId,
      read.accountId === null ? null : String(read.accountId),
      String(r.amount),
      r.merchant,
      r.channel,
      r.now,
      decision.approved ? null : decision.reason,
      approval?.useExemption ?? false,
      approval?.useAuthentication ?? null,
      approval?.makeAgreement ?? false,
    ],
  );
  const row = rows[0];
  if (!row) throw new Error('card_authorization_record returned nothing');
  return {
    authorizationId: row.o_authorization,
    approved: row.o_approved,
    reason: row.o_reason,
    customerId: read.customerId,
    cardId: read.facts.card?.id ?? null,
    entryId: row.o_entry,
    number: row.o_number,
    agreementReference: row.o_agreement,
  };
}

export async function authorizationById(q: Queryable, id: string): Promise<AuthorizationRow | null> {
  const { rows } = await q.query<AuthorizationRow>(
    `select ${AUTHORIZATION_COLUMNS} from card_authorizations where id = $1`,
    [id],
  );
  return rows[0] ?? null;
}

/** The card an authorisation belongs to, without locking anything (the caller locks the card next). */
export async function authorizationCardId(q: Queryable, id: string): Promise<string | null> {
  const { rows } = await q.query<{ card_id: string | null }>(
    `select card_id from card_authorizations where id = $1`,
    [id],
  );
  return rows[0]?.card_id ?? null;
}

/** Lock order, first step: the card row. */
export async function lockCard(
  q: Queryable,
  cardId: string,
): Promise<{ id: string; customer_id: string; account_id: bigint } | null> {
  const { rows } = await q.query<{ id: string; customer_id: string; account_id: bigint }>(
    `select id, customer_id, account_id from cards where id = $1 for update`,
    [cardId],
  );
  return rows[0] ?? null;
}

export interface LockedAuthorization extends AuthorizationRow {
  entry_id: bigint | null;
}

/** Lock order, second step: the authorisation row (after its card). */
export async function lockAuthorization(q: Queryable, id: string): Promise<LockedAuthorization | null> {
  const { rows } = await q.query<LockedAuthorization>(
    `select ${AUTHORIZATION_COLUMNS}, entry_id from card_authorizations where id = $1 for update`,
    [id],
  );
  return rows[0] ?? null;
}

export async function markCleared(
  q: Queryable,
  id: string,
  amount: bigint,
  entryId: bigint,
  at: Date,
): Promise<AuthorizationRow> {
  const { rows } = await q.query<AuthorizationRow>(
    `update card_authorizations
        set status = 'cleared', cleared_amount = $2, clearing_entry_id = $3, cleared_at = $4
      where id = $1 and status = 'authorized'
      returning ${AUTHORIZATION_COLUMNS}`,
    [id, String(amount), String(entryId), at],
  );
  const row = rows[0];
  if (!row) throw new Error('authorisation not open any more');
  return row;
}

/**
 * Claims up to `limit` approvals older than `before` still waiting for their clearing; rows another
 * instance (or a clearing) holds are skipped, and the status is checked again once locked.
 */
export async function claimStaleAuthorizations(
  q: Queryable,
  before: Date,
  limit: number,
): Promise<(LockedAuthorization & { account_id: bigint })[]> {
  const { rows } = await q.query<LockedAuthorization & { account_id: bigint }>(
    `select a.id, a.card_id, a.customer_id, a.amount, a.merchant, a.channel, a.status, a.reason,
            a.cleared_amount, a.created_at, a.cleared_at, a.expired_at, a.entry_id, c.account_id
       from card_authorizations a join cards c on c.id = a.card_id
      where a.status = 'authorized' and a.created_at <= $1
      order by a.created_at
      limit $2
        for update of a skip locked`,
    [before, limit],
  );
  return rows;
}

export async function markExpired(q: Queryable, id: string, at: Date): Promise<AuthorizationRow> {
  const { rows } = await q.query<AuthorizationRow>(
    `update card_authorizations set status = 'expired', expired_at = $2
      where id = $1 and status = 'authorized'
      returning ${AUTHORIZATION_COLUMNS}`,
    [id, at],
  );
  const row = rows[0];
  if (!row) throw new Error('authorisation not open any more');
  return row;
}

/** A card by its PAN fingerprint, whatever its status (a refund reaches even a cancelled card). */
export async function cardByFingerprint(
  q: Queryable,
  fingerprint: string,
): Promise<{ id: string; customer_id: string; account_id: bigint; last4: string } | null> {
  const { rows } = await q.query<{ id: string; customer_id: string; account_id: bigint; last4: string }>(
    `select id, customer_id, account_id, last4 from cards where pan_fingerprint = $1`,
    [fingerprint],
  );
  return rows[0] ?? null;
}

export async function insertRefund(
  q: Queryable,
  r: { cardId: string; customerId: string; amount: bigint; merchant: string; entryId: bigint; at: Date },
): Promise<RefundRow> {
  const { rows } = await q.query<RefundRow>(
    `insert into card_refunds (card_id, customer_id, amount, merchant, entry_id, created_at)
     values ($1, $2, $3, $4, $5, $6)
     returning id, card_id, amount, merchant, created_at`,
    [r.cardId, r.customerId, String(r.amount), r.merchant, String(r.entryId), r.at],
  );
  return rows[0]!;
}
