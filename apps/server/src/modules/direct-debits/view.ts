import {
  DIRECT_DEBIT_RETURN_MESSAGES,
  type BackofficeDirectDebitClaim,
  type DirectDebitClaim,
  type DirectDebitCollection,
  type DirectDebitMandate,
  type DirectDebitSettings,
} from '@comptoir/contracts';
import { parisDate, previousBusinessDay, toJsonCents } from '@comptoir/core';
import type { ClaimRow, CollectionRow, MandateRow, SettingsRow } from './queries.ts';
import { claimDeadline, debitDate, refundDeadline } from './rules.ts';

export const toClaim = (k: ClaimRow): DirectDebitClaim => ({
  id: k.id,
  collectionId: k.collection_id,
  status: k.status,
  reason: k.reason,
  createdAt: k.created_at.toISOString(),
  decidedAt: k.decided_at?.toISOString() ?? null,
  decisionNote: k.decision_note,
});

/**
 * The deadlines a booked collection still offers the customer at `now` (Paris days, inclusive): a
 * refund without question (not while a claim is pending), a claim (not once one exists). Null when
 * refunded, not booked, or past the day.
 */
function openDeadlines(
  c: CollectionRow,
  claim: ClaimRow | null,
  now: Date,
): { refundableUntil: string | null; claimableUntil: string | null } {
  if (c.status !== 'booked' || c.settled_at === null || c.refunded_at !== null) {
    return { refundableUntil: null, claimableUntil: null };
  }
  const today = parisDate(now);
  const debited = debitDate(c.settled_at);
  const refund = refundDeadline(debited);
  const claimUntil = claimDeadline(debited);
  return {
    refundableUntil: claim?.status !== 'pending' && today <= refund ? refund : null,
    claimableUntil: claim === null && today <= claimUntil ? claimUntil : null,
  };
}

/** A collection as the customer (and the back office) reads it at `now`, with its claim if any. */
export const toCollection = (
  c: CollectionRow,
  now: Date,
  claim: ClaimRow | null = null,
): DirectDebitCollection => ({
  id: c.id,
  accountId: String(c.account_id),
  mandateId: c.mandate_id,
  creditorId: c.creditor_id,
  creditorName: c.creditor_name,
  mandateReference: c.mandate_reference,
  sequence: c.sequence,
  amount: toJsonCents(c.amount),
  dueDate: c.due_date,
  remittanceInfo: c.remittance_info,
  status: c.status,
  returnReason: c.return_reason,
  returnMessage: c.return_reason ? DIRECT_DEBIT_RETURN_MESSAGES[c.return_reason] : null,
  refusableUntil: previousBusinessDay(c.due_date),
  number: c.number,
  createdAt: c.created_at.toISOString(),
  settledAt: c.settled_at?.toISOString() ?? null,
  ...openDeadlines(c, claim, now),
  refundedAt: c.refunded_at?.toISOString() ?? null,
  refundNumber: c.refund_number,
  claim: claim && toClaim(claim),
});

/** Each collection with its claim (from the claims of the same customers). */
export const withClaims = (
  collections: readonly CollectionRow[],
  claims: readonly ClaimRow[],
  now: Date,
): DirectDebitCollection[] => {
  const byCollection = new Map(claims.map((k) => [k.collection_id, k]));
  return collections.map((c) => toCollection(c, now, byCollection.get(c.id) ?? null));
};

/** A claim in the back office's queue, with its collection. */
export const toBackofficeClaim = (k: ClaimRow, c: CollectionRow, now: Date): BackofficeDirectDebitClaim => ({
  ...toClaim(k),
  customerId: k.customer_id,
  customerName: k.customer_name,
  collection: toCollection(c, now, k),
  decidedBy: k.decided_by,
});

export const toMandate = (m: MandateRow): DirectDebitMandate => ({
  id: m.id,
  accountId: String(m.account_id),
  creditorId: m.creditor_id,
  creditorName: m.creditor_name,
  reference: m.reference,
  signedOn: m.signed_on,
  status: m.status,
  revokedAt: m.revoked_at?.toISOString() ?? null,
  limits: {
    maxAmount: m.max_amount === null ? null : toJsonCents(m.max_amount),
    maxCount: m.max_count,
    period: m.count_period,
  },
  createdAt: m.created_at.toISOString(),
  lastCollectionAt: m.last_collection_at?.toISOString() ?? null,
});

export const toSettings = (s: SettingsRow): DirectDebitSettings => ({
  blockAll: s.block_all,
  allowedCreditorIds: s.allowed_creditor_ids,
  blockedCreditorIds: s.blocked_creditor_ids,
});
