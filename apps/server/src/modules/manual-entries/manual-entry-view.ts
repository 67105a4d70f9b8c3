import { toJsonCents } from '@comptoir/core';
import type { ManualEntry } from '@comptoir/contracts';
import type { ManualEntryRow } from './queries.ts';

/** The one mapping from a manual entry row to the API shape. */
export const manualEntryView = (r: ManualEntryRow): ManualEntry => ({
  id: r.id,
  customerId: r.customer_id,
  customerEmail: r.customer_email,
  accountId: String(r.account_id),
  amount: toJsonCents(r.amount),
  direction: r.direction,
  reason: r.reason,
  glAccount: r.gl_account,
  status: r.status,
  makerId: r.maker_id,
  makerEmail: r.maker_email,
  checkerId: r.checker_id,
  checkerEmail: r.checker_email,
  refusalReason: r.refusal_reason,
  number: r.number,
  approvalReason: r.approval_reason,
  createdAt: r.created_at.toISOString(),
  decidedAt: r.decided_at?.toISOString() ?? null,
});
