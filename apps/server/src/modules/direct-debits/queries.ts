import type {
  DirectDebitClaimStatus,
  DirectDebitReturnReason,
  DirectDebitSequence,
  DirectDebitStatus,
  MandatePeriod,
} from '@comptoir/contracts';
import { isUuid, type Cents } from '@comptoir/core';
import type { Queryable } from '../../db/types.ts';

export interface MandateRow {
  id: string;
  customer_id: string;
  account_id: bigint;
  creditor_id: string;
  creditor_name: string;
  reference: string;
  signed_on: string;
  status: 'active' | 'revoked' | 'ended';
  revoked_at: Date | null;
  max_amount: Cents | null;
  max_count: number | null;
  count_period: MandatePeriod | null;
  created_at: Date;
  last_collection_at: Date | null;
}

export interface CollectionRow {
  id: string;
  customer_id: string;
  account_id: bigint;
  mandate_id: string | null;
  creditor_id: string;
  creditor_name: string;
  mandate_reference: string;
  sequence: DirectDebitSequence;
  amount: Cents;
  due_date: string;
  remittance_info: string;
  status: DirectDebitStatus;
  return_reason: DirectDebitReturnReason | null;
  entry_id: bigint | null;
  /** The `st-` number of its ledger entry, once booked. */
  number: string | null;
  created_at: Date;
  refused_at: Date | null;
  presented_at: Date | null;
  settled_at: Date | null;
  /** When it was refunded (the customer's refund or an accepted claim), with its entry's `st-` number. */
  refunded_at: Date | null;
  refund_number: string | null;
}

export interface ClaimRow {
  id: string;
  collection_id: string;
  customer_id: string;
  reason: string;
  status: DirectDebitClaimStatus;
  created_at: Date;
  decided_at: Date | null;
  decision_note: string | null;
  /** The deciding operator's e-mail. */
  decided_by: string | null;
  /** The customer's name, as the back office shows it. */
  customer_name: string;
}

export interface SettingsRow {
  block_all: boolean;
  allowed_creditor_ids: string[];
  blocked_creditor_ids: string[];
}

const MANDATE = `m.id, m.customer_id, m.account_id, m.creditor_id, m.creditor_name, m.reference,
  m.signed_on::text as signed_on, m.status, m.revoked_at, m.max_amount, m.max_count, m.count_period,
  m.created_at, m.last_collection_at`;

const COLLECTION = `c.id, c.customer_id, c.account_id, c.mandate_id, c.creditor_id, c.creditor_name,
  c.mandate_reference, c.sequence, c.amount, c.due_date::text as due_date, c.remittance_info, c.status,
  c.return_reason, c.entry_id, (select e.number from ledger_entries e where e.id = c.entry_id) as number,
  c.created_at, c.refused_at, c.presented_at, c.settled_at, c.refunded_at,
  (select e.number from ledger_entries e where e.id = c.refund_entry_id) as refund_number`;

const CLAIM = `k.id, k.collection_id, k.customer_id, k.reason, k.status, k.created_at, k.decided_at,
  k.decision_note, (select o.email from operators o where o.id = k.decided_by) as decided_by,
  (select trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) from customers u
    where u.id = k.customer_id) as customer_name`;

// ── Mandates ────────────────────────────────────────────────────────────────────────────────────

/**
 * The mandate of this creditor (`creditorIdentity`: country and national identifier) and reference
 * (`mandateReferenceKey`: trimmed, upper case) on this account, locked.
 */
export async function lockMandateByIdentity(
  q: Queryable,
  accountId: bigint,
  creditorKey: string,
  referenceKey: string,
): Promise<MandateRow | null> {
  const { rows } = await q.query<MandateRow>(
    `select ${MANDATE} from direct_debit_mandates m
      where m.account_id = $1 and m.creditor_key = $2 and upper(btrim(m.reference)) = $3 for update`,
    [String(accountId), creditorKey, referenceKey],
  );
  return rows[0] ?? null;
}

/** Records a mandate as this bank first sees it; null when a concurrent intake recorded it first. */
export async function insertMandate(
  q: Queryable,
  m: {
    customerId: string;
    accountId: bigint;
    creditorId: string;
    creditorKey: string;
    creditorName: string;
    reference: string;
    signedOn: string;
    now: Date;
  },
): Promise<MandateRow | null> {
  const { rows } = await q.query<MandateRow>(
    `insert into direct_debit_mandates as m (customer_id, account_id, creditor_id, creditor_key, creditor_name,
        reference, signed_on, status, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7::date, 'active', $8, $8)
     on conflict do nothing
     returning ${MANDATE}`,
    [
      m.customerId,
      String(m.accountId),
      m.creditorId,
      m.creditorKey,
      m.creditorName,
      m.reference,
      m.signedOn,
      m.now,
    ],
  );
  return rows[0] ?? null;
}

/** The customer's mandates, newest first. */
export async function mandatesOf(q: Queryable, customerId: string): Promise<MandateRow[]> {
  const { rows } = await q.query<MandateRow>(
    `select ${MANDATE} from direct_debit_mandates m where m.customer_id = $1
      order by m.created_at desc, m.id limit 500`,
    [customerId],
  );
  return rows;
}

/** One of this customer's mandates; another customer's id answers null like an unknown one. */
export async function mandateOf(
  q: Queryable,
  customerId: string,
  id: string,
  options: { lock?: boolean } = {},
): Promise<MandateRow | null> {
  if (!isUuid(id)) return null;
  const { rows } = await q.query<MandateRow>(
    `select ${MANDATE} from direct_debit_mandates m
      where m.id = $1 and m.customer_id = $2${options.lock ? ' for update' : ''}`,
    [id, customerId],
  );
  return rows[0] ?? null;
}

/**
 * A mandate by id, locked (the execution job, which has the collection's customer already): two
 * collections of one mandate are executed one after the other, so its count limit holds.
 */
export async function lockMandate(q: Queryable, id: string): Promise<MandateRow | null> {
  const { rows } = await q.query<MandateRow>(
    `select ${MANDATE} from direct_debit_mandates m where m.id = $1 for update`,
    [id],
  );
  return rows[0] ?? null;
}

export async function revokeMandate(q: Queryable, id: string, now: Date): Promise<MandateRow> {
  const { rows } = await q.query<MandateRow>(
    `update direct_debit_mandates m set status = 'revoked', revoked_at = $2, updated_at = $2
      where m.id = $1 returning ${MANDATE}`,
    [id, now],
  );
  if (!rows[0]) throw new Error(`mandate ${id} vanished`);
  return rows[0];
}

export async function setMandateLimits(
  q: Queryable,
  id: string,
  limits: { maxAmount: number | null; maxCount: number | null; period: MandatePeriod | null },
  now: Date,
): Promise<MandateRow> {
  const { rows } = await q.query<MandateRow>(
    `update direct_debit_mandates m set max_amount = $2, max_count = $3, count_period = $4, updated_at = $5
      where m.id = $1 returning ${MANDATE}`,
    [id, limits.maxAmount === null ? null : String(limits.maxAmount), limits.maxCount, limits.period, now],
  );
  if (!rows[0]) throw new Error(`mandate ${id} vanished`);
  return rows[0];
}

/** A collection of the mandate was booked; its last one (`ended`) after a one-off or final collection. */
export async function markMandateCollected(
  q: Queryable,
  id: string,
  ended: boolean,
  now: Date,
): Promise<void> {
  await q.query(
    `update direct_debit_mandates set last_collection_at = $2, updated_at = $2,
        status = case when $3 then 'ended' else status end
      where id = $1`,
    [id, now, ended],
  );
}

/** How many collections of a mandate were booked with a due date in [from, to). */
export async function bookedCount(
  q: Queryable,
  mandateId: string,
  from: string,
  to: string,
): Promise<number> {
  const { rows } = await q.query<{ n: bigint }>(
    `select count(*) as n from direct_debit_collections
      where mandate_id = $1 and status = 'booked' and due_date >= $2::date and due_date < $3::date`,
    [mandateId, from, to],
  );
  return Number(rows[0]?.n ?? 0n);
}

// ── Collections ─────────────────────────────────────────────────────────────────────────────────

export async function insertCollection(
  q: Queryable,
  c: {
    customerId: string;
    accountId: bigint;
    mandateId: string | null;
    creditorId: string;
    creditorName: string;
    mandateReference: string;
    sequence: DirectDebitSequence;
    amount: Cents;
    dueDate: string;
    remittanceInfo: string;
    now: Date;
  },
): Promise<CollectionRow> {
  const { rows } = await q.query<CollectionRow>(
    `insert into direct_debit_collections as c (customer_id, account_id, mandate_id, creditor_id, creditor_name,
        mandate_reference, sequence, amount, due_date, remittance_info, status, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9::date, $10, 'announced', $11, $11)
     returning ${COLLECTION}`,
    [
      c.customerId,
      String(c.accountId),
      c.mandateId,
      c.creditorId,
      c.creditorName,
      c.mandateReference,
      c.sequence,
      String(c.amount),
      c.dueDate,
      c.remittanceInfo,
      c.now,
    ],
  );
  const row = rows[0];
  if (!row) throw new Error('collection not inserted');
  return row;
}

/** The customer's collections, latest due date first. */
export async function collectionsOf(q: Queryable, customerId: string): Promise<CollectionRow[]> {
  const { rows } = await q.query<CollectionRow>(
    `select ${COLLECTION} from direct_debit_collections c where c.customer_id = $1
      order by c.due_date desc, c.created_at desc, c.id limit 500`,
    [customerId],
  );
  return rows;
}

/** One of this customer's collections; another customer's id answers null like an unknown one. */
export async function collectionOf(
  q: Queryable,
  customerId: string,
  id: string,
  options: { lock?: boolean } = {},
): Promise<CollectionRow | null> {
  if (!isUuid(id)) return null;
  const { rows } = await q.query<CollectionRow>(
    `select ${COLLECTION} from direct_debit_collections c
      where c.id = $1 and c.customer_id = $2${options.lock ? ' for update' : ''}`,
    [id, customerId],
  );
  return rows[0] ?? null;
}

/** Locks one collection by id, whoever's it is (the sandbox presenting it for the creditor's bank). */
export async function lockCollection(q: Queryable, id: string): Promise<CollectionRow | null> {
  if (!isUuid(id)) return null;
  const { rows } = await q.query<CollectionRow>(
    `select ${COLLECTION} from direct_debit_collections c where c.id = $1 for update`,
    [id],
  );
  return rows[0] ?? null;
}

/**
 * Claims the next collection to execute — its due date reached on a business day, or presented —
 * skipping rows another instance holds: the caller books or returns it in this same transaction,
 * so a crash leaves the row as it was.
 */
export async function claimDueCollection(
  q: Queryable,
  today: string,
  businessDay: boolean,
  now: Date,
): Promise<CollectionRow | null> {
  const { rows } = await q.query<CollectionRow>(
    `update direct_debit_collections c set claimed_at = $3
      where c.id = (select id from direct_debit_collections
                     where status in ('announced', 'refused')
                       and ((due_date <= $1::date and $2) or presented_at is not null)
                     order by due_date, id
                     limit 1 for update skip locked)
      returning ${COLLECTION}`,
    [today, businessDay, now],
  );
  return rows[0] ?? null;
}

export async function markPresented(q: Queryable, id: string, now: Date): Promise<void> {
  await q.query('update direct_debit_collections set presented_at = $2, updated_at = $2 where id = $1', [
    id,
    now,
  ]);
}

export async function markRefused(q: Queryable, id: string, now: Date): Promise<CollectionRow> {
  const { rows } = await q.query<CollectionRow>(
    `update direct_debit_collections c set status = 'refused', refused_at = $2, updated_at = $2
      where c.id = $1 returning ${COLLECTION}`,
    [id, now],
  );
  if (!rows[0]) throw new Error(`collection ${id} vanished`);
  return rows[0];
}

/** A collection's end: booked with its ledger entry, or returned with its reason. */
export async function settleCollection(
  q: Queryable,
  id: string,
  outcome: { status: 'booked'; entryId: bigint } | { status: 'returned'; reason: DirectDebitReturnReason },
  now: Date,
): Promise<CollectionRow> {
  const { rows } = await q.query<CollectionRow>(
    `update direct_debit_collections c set status = $2, entry_id = $3, return_reason = $4, settled_at = $5,
        updated_at = $5
      where c.id = $1 returning ${COLLECTION}`,
    [
      id,
      outcome.status,
      outcome.status === 'booked' ? String(outcome.entryId) : null,
      outcome.status === 'returned' ? outcome.reason : null,
      now,
    ],
  );
  if (!rows[0]) throw new Error(`collection ${id} vanished`);
  return rows[0];
}

/** Collections by id (the back office's claims queue), whoever's they are. */
export async function collectionsByIds(q: Queryable, ids: readonly string[]): Promise<CollectionRow[]> {
  if (ids.length === 0) return [];
  const { rows } = await q.query<CollectionRow>(
    `select ${COLLECTION} from direct_debit_collections c where c.id = any($1::uuid[])`,
    [ids],
  );
  return rows;
}

/** A booked collection refunded by its own ledger entry (credited back, value-dated on the debit date). */
export async function markRefunded(
  q: Queryable,
  id: string,
  entryId: bigint,
  now: Date,
): Promise<CollectionRow> {
  const { rows } = await q.query<CollectionRow>(
    `update direct_debit_collections c set refunded_at = $3, refund_entry_id = $2, updated_at = $3
      where c.id = $1 and c.status = 'booked' and c.refund_entry_id is null returning ${COLLECTION}`,
    [id, String(entryId), now],
  );
  if (!rows[0]) throw new Error(`collection ${id} not refundable`);
  return rows[0];
}

// ── Claims ──────────────────────────────────────────────────────────────────────────────────────

/** The claims on the customer's collections. */
export async function claimsOf(q: Queryable, customerId: string): Promise<ClaimRow[]> {
  const { rows } = await q.query<ClaimRow>(
    `select ${CLAIM} from direct_debit_claims k where k.customer_id = $1 order by k.created_at, k.id limit 500`,
    [customerId],
  );
  return rows;
}

/** The claim on one collection, if any. */
export async function claimOfCollection(q: Queryable, collectionId: string): Promise<ClaimRow | null> {
  const { rows } = await q.query<ClaimRow>(
    `select ${CLAIM} from direct_debit_claims k where k.collection_id = $1`,
    [collectionId],
  );
  return rows[0] ?? null;
}

/** One claim by id (the back office), locked when asked: a decision holds its row to the end. */
export async function claimById(
  q: Queryable,
  id: string,
  options: { lock?: boolean } = {},
): Promise<ClaimRow | null> {
  if (!isUuid(id)) return null;
  const { rows } = await q.query<ClaimRow>(
    `select ${CLAIM} from direct_debit_claims k where k.id = $1${options.lock ? ' for update' : ''}`,
    [id],
  );
  return rows[0] ?? null;
}

/** Records a pending claim; null when the collection has one already. */
export async function insertClaim(
  q: Queryable,
  c: { collectionId: string; customerId: string; reason: string; now: Date },
): Promise<ClaimRow | null> {
  const { rows } = await q.query<{ id: string }>(
    `insert into direct_debit_claims (collection_id, customer_id, reason, status, created_at)
     values ($1, $2, $3, 'pending', $4)
     on conflict (collection_id) do nothing returning id`,
    [c.collectionId, c.customerId, c.reason, c.now],
  );
  const id = rows[0]?.id;
  return id ? claimById(q, id) : null;
}

/** Compliance's decision on a pending claim. */
export async function decideClaim(
  q: Queryable,
  d: { id: string; status: 'accepted' | 'rejected'; operatorId: string; note: string; now: Date },
): Promise<ClaimRow> {
  await q.query(
    `update direct_debit_claims set status = $2, decided_by = $3, decision_note = $4, decided_at = $5
      where id = $1 and status = 'pending'`,
    [d.id, d.status, d.operatorId, d.note, d.now],
  );
  const row = await claimById(q, d.id);
  if (!row) throw new Error(`claim ${d.id} vanished`);
  return row;
}

/** The back office's queue: the claims of one status, or all with the pending ones first; oldest first. */
export async function claimsForOperator(
  q: Queryable,
  status: DirectDebitClaimStatus | null,
): Promise<ClaimRow[]> {
  const { rows } = await q.query<ClaimRow>(
    `select ${CLAIM} from direct_debit_claims k where ($1::text is null or k.status = $1)
      order by (k.status <> 'pending'), k.created_at, k.id limit 500`,
    [status],
  );
  return rows;
}

// ── Settings ────────────────────────────────────────────────────────────────────────────────────

export async function settingsOf(q: Queryable, customerId: string): Promise<SettingsRow> {
  const { rows } = await q.query<SettingsRow>(
    `select block_all, allowed_creditor_ids, blocked_creditor_ids from direct_debit_settings
      where customer_id = $1`,
    [customerId],
  );
  return rows[0] ?? { block_all: false, allowed_creditor_ids: [], blocked_creditor_ids: [] };
}

/**
 * What the execution of a collection reads of the customer besides the collection: their rules, and
 * whether an asset freeze holds their funds (docs/screening.md#freezing-in-the-payment-paths) — one
 * round trip, as the rules alone were.
 */
export async function executionSettingsOf(
  q: Queryable,
  customerId: string,
): Promise<SettingsRow & { frozen: boolean }> {
  const { rows } = await q.query<SettingsRow & { frozen: boolean }>(
    `select s.block_all, s.allowed_creditor_ids, s.blocked_creditor_ids, customer_frozen($1::uuid) as frozen
       from (select $1::uuid as customer_id) c
       left join direct_debit_settings s on s.customer_id = c.customer_id`,
    [customerId],
  );
  const row = rows[0];
  return {
    block_all: row?.block_all ?? false,
    allowed_creditor_ids: row?.allowed_creditor_ids ?? [],
    blocked_creditor_ids: row?.blocked_creditor_ids ?? [],
    frozen: row?.frozen === true,
  };
}

export async function saveSettings(
  q: Queryable,
  customerId: string,
  s: { blockAll: boolean; allowed: string[]; blocked: string[] },
  now: Date,
): Promise<SettingsRow> {
  const { rows } = await q.query<SettingsRow>(
    `insert into direct_debit_settings (customer_id, block_all, allowed_creditor_ids, blocked_creditor_ids, updated_at)
     values ($1, $2, $3::text[], $4::text[], $5)
     on conflict (customer_id) do update set block_all = excluded.block_all,
        allowed_creditor_ids = excluded.allowed_creditor_ids,
        blocked_creditor_ids = excluded.blocked_creditor_ids, updated_at = excluded.updated_at
     returning block_all, allowed_creditor_ids, blocked_creditor_ids`,
    [customerId, s.blockAll, s.allowed, s.blocked, now],
  );
  const row = rows[0];
  if (!row) throw new Error('settings not saved');
  return row;
}
