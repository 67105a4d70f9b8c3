import type { BackofficeFraudReport, FraudReport } from '@comptoir/contracts';
import { toJsonCents } from '@comptoir/core';
import type { FraudReportRow } from './queries.ts';

export const fraudReportView = (r: FraudReportRow): FraudReport => ({
  id: r.id,
  transferId: r.transfer_id,
  transferNumber: r.transfer_number,
  kind: r.kind,
  status: r.status,
  amount: toJsonCents(r.amount),
  payeeName: r.payee_name,
  payeeIban: r.payee_iban,
  description: r.description,
  policeReportNumber: r.police_report_number,
  hasFile: r.file_id !== null,
  createdAt: r.created_at.toISOString(),
  decidedAt: r.decided_at?.toISOString() ?? null,
  refundNumber: r.refund_number,
});

export const backofficeFraudReportView = (r: FraudReportRow): BackofficeFraudReport => ({
  ...fraudReportView(r),
  customer: {
    id: r.customer_id,
    customerNumber: r.customer_number,
    firstName: r.first_name,
    lastName: r.last_name,
  },
  transferAt: r.transfer_at.toISOString(),
  payeeReporters: r.payee_reporters,
  decision:
    r.decided_at && r.decider_id
      ? {
          by: { id: r.decider_id, name: r.decider_name ?? '', email: r.decider_email ?? '' },
          at: r.decided_at.toISOString(),
          note: r.decided_note,
        }
      : null,
});
