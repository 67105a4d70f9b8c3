import { toJsonCents } from '@comptoir/core';
import type { PublishedEvents } from '../../events/index.ts';
import type { TransferRow } from './transfer-row.ts';

/** A transfer's new status as its event carries it, with the amount and payee its notification shows. */
export const transferEvent = (t: TransferRow): PublishedEvents['transfer'] => ({
  transferId: t.id,
  number: t.number,
  status: t.status,
  reasonMessage: t.reason_message,
  amount: toJsonCents(t.amount),
  payeeName: t.payee_name,
});
