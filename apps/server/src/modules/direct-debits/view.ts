import {
  DIRECT_DEBIT_RETURN_MESSAGES,
  type DirectDebitCollection,
  type DirectDebitMandate,
  type DirectDebitSettings,
} from '@comptoir/contracts';
import { previousBusinessDay, toJsonCents } from '@comptoir/core';
import type { CollectionRow, MandateRow, SettingsRow } from './queries.ts';

export const toCollection = (c: CollectionRow): DirectDebitCollection => ({
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
  refundableUntil: null,
  refundedAt: null,
  refundNumber: null,
  claimableUntil: null,
  claim: null,
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
