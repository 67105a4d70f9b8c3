// Error codes thrown here: fraud_report_account_closed, fraud_report_decided, fraud_report_not_found.
import { cents, toJsonCents } from '@comptoir/core';
import type { BackofficeFraudReport, FraudReportDecisionRequest } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { appendAudit } from '../../audit/audit.ts';
import { AppError } from '../../errors.ts';
import { publishCredit } from '../../events/index.ts';
import { uuidOrNotFound } from '../../http/params.ts';
import type { OperatorPrincipal } from '../../http/operator-principal.ts';
import { glAccount, lockCustomerAccount, postEntry } from '../../ledger/index.ts';
import { fraudReportById, lockFraudReport, recordFraudDecision } from './queries.ts';
import { backofficeFraudReportView } from './view.ts';

/**
 * Compliance decides a fraud report, with a note. An accepted impersonation claim — someone posed as
 * the bank — is refunded in full in the same transaction: one entry from gl:fraud-losses to the
 * account the transfer left, naming the report. Any other decision moves no money. The report is
 * locked first: of two racing decisions, the second finds it decided (409) — never two refunds.
 */
export async function decideFraudReport(
  ctx: AppContext,
  operator: OperatorPrincipal,
  idParam: string,
  body: FraudReportDecisionRequest,
): Promise<BackofficeFraudReport> {
  return ctx.db.tx(async (q) => {
    const now = ctx.clock.now();
    const report = await lockFraudReport(q, uuidOrNotFound(idParam, 'fraud_report_not_found'));
    if (!report) throw new AppError('fraud_report_not_found');
    if (report.status !== 'submitted') throw new AppError('fraud_report_decided');
    const refunded = body.decision === 'accepted' && report.kind === 'impersonation';
    let refund: { entryId: bigint; number: string } | null = null;
    if (refunded) {
      const account = await lockCustomerAccount(q, report.customer_id, report.account_id);
      if (account?.status !== 'open') throw new AppError('fraud_report_account_closed');
      const losses = await glAccount(q, 'gl:fraud-losses');
      refund = await postEntry(q, {
        kind: 'adjustment',
        legs: [
          { accountId: losses.id, amount: cents(-BigInt(report.amount)) },
          { accountId: account.id, amount: report.amount },
        ],
        description: 'Remboursement d’une fraude signalée',
        reference: report.transfer_number,
        initiatedByOperator: operator.id,
        metadata: { fraudReportId: report.id },
        at: now,
      });
    }
    await recordFraudDecision(q, {
      id: report.id,
      status: body.decision,
      operatorId: operator.id,
      note: body.note,
      refundEntryId: refund?.entryId ?? null,
      now,
    });
    await appendAudit(q, {
      operatorId: operator.id,
      customerId: report.customer_id,
      action: `fraud_report.${body.decision}`,
      details: {
        reportId: report.id,
        kind: report.kind,
        refundEntryId: refund ? String(refund.entryId) : null,
        amount: refund ? toJsonCents(report.amount) : null,
        withNote: true,
      },
      at: now,
    });
    if (refund) {
      await publishCredit(q, report.customer_id, {
        accountId: String(report.account_id),
        amount: toJsonCents(report.amount),
        counterpartyName: null,
        number: refund.number,
      });
    }
    const row = await fraudReportById(q, report.id);
    if (!row) throw new Error('fraud report vanished');
    return backofficeFraudReportView(row);
  });
}
