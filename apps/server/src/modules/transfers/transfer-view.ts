import type { Transfer } from '@comptoir/contracts';
import { toJsonCents } from '@comptoir/core';
import type { TransferRow } from './transfer-row.ts';

/** A transfer row as the API shows it to its payer. */
export const toTransfer = (r: TransferRow): Transfer => ({
  id: r.id,
  number: r.number,
  status: r.status,
  type: r.type,
  accountId: String(r.account_id),
  beneficiaryId: r.beneficiary_id,
  payeeName: r.payee_name,
  payeeIban: r.payee_iban,
  payeeBic: r.payee_bic,
  amount: toJsonCents(r.amount),
  reference: r.reference,
  executionDate: r.execution_date,
  repeat: r.repeat,
  reasonCode: r.reason_code,
  reasonMessage: r.reason_message,
  initiatedVia: r.initiated_via,
  createdAt: r.created_at.toISOString(),
  executedAt: r.executed_at?.toISOString() ?? null,
});
