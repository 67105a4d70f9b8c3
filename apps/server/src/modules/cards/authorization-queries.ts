import type { Queryable } from '../../db/types.ts';
import type { AuthorizationRow, RefundRow } from './activity-view.ts';

const AUTHORIZATION_COLUMNS = `id, card_id, customer_id, amount, merchant, channel, status, reason, cleared_amount,
  created_at, cleared_at, expired_at`;

export interface AuthorizeInput {
  fingerprint: string;
  cvvMac: string;
  /** YYYY-MM-DD, first day of the expiry month given; null when it could not be read. */
  expiry: string | null;
  amount: bigint;
  merchant: string;
  channel: string;
  /** An online payment's 3-D Secure authentication value, keyed-hashed (`tokenHash`); null without one. */
  authenticationHash: string | null;
  /** A recurring payment's agreement reference; null or left out without one. */
  agreementReference?: string | null;
  now: Date;
}

export interface AuthorizeOutcome {
  o_authorization: string;
  o_approved: boolean;
  o_reason: AuthorizationRow['reason'];
  o_customer: string | null;
  o_card: string | null;
  o_entry: bigint | null;
  o_number: string | null;
  /** The card's agreement with the merchant, after an approval authenticated by the customer. */
  o_agreement: string | null;
}

/** The whole decision and its writes in one round trip (`card_authorize`, migrations 0016, 0039, 0040, 0047). */
export async function callCardAuthorize(q: Queryable, input: AuthorizeInput): Promise<AuthorizeOutcome> {
  const { rows } = await q.query<AuthorizeOutcome>(
    `select * from card_authorize($1, $2, $3::date, $4::bigint, $5, $6, $7::timestamptz, null, null, $8, $9)`,
    [
      input.fingerprint,
      input.cvvMac,
      input.expiry,
      String(input.amount),
      input.merchant,
      input.channel,
      input.now,
      input.authenticationHash,
      input.agreementReference ?? null,
    ],
  );
  const row = rows[0];
  if (!row) throw new Error('card_authorize returned nothing');
  return row;
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
