// Error codes thrown here: monitoring_checker_too_recent, monitoring_own_approval,
//   monitoring_report_not_proposed.
import type { MonitoringApprovalRequest, MonitoringCase } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { appendAudit } from '../../audit/audit.ts';
import { AppError } from '../../errors.ts';
import type { OperatorPrincipal } from '../../http/operator-principal.ts';
import { requireSecondOperator } from '../operators/index.ts';
import { caseAfterStep, lockUndecidedCase } from './case-lock.ts';
import { closeCase, reportSubject } from './case-queries.ts';
import { buildReport } from './report.ts';
import { renderReportPdf } from './report-pdf.ts';
import { reportAad } from './report-files.ts';

/**
 * Four eyes: a second operator approves a proposed report — never its proposer, and only one already
 * active when it was proposed (`countsAsChecker`). The report is made (JSON and PDF), sealed into the
 * file store, and in one transaction the case closes `report` with its files' keys; audited with the
 * proposer. A failure after the files were written deletes them: no report without its closed case.
 * The customer is told nothing.
 */
export async function approveMonitoringReport(
  ctx: AppContext,
  operator: OperatorPrincipal,
  idParam: string,
  body: MonitoringApprovalRequest = {},
): Promise<MonitoringCase> {
  const written: string[] = [];
  try {
    return await ctx.db.tx(async (q) => {
      const now = ctx.clock.now();
      const locked = await lockUndecidedCase(q, idParam);
      if (locked.status !== 'report_proposed' || !locked.proposed_at || !locked.proposed_by)
        throw new AppError('monitoring_report_not_proposed');
      await requireSecondOperator(
        q,
        operator.id,
        { by: locked.proposed_by, at: locked.proposed_at },
        { own: 'monitoring_own_approval', tooRecent: 'monitoring_checker_too_recent' },
      );

      const file = await caseAfterStep(q, locked.id);
      const proposer = file.proposal?.by;
      if (!proposer) throw new Error('a proposed case without its proposer');
      const report = buildReport({
        institution: ctx.config.institution,
        file,
        subject: await reportSubject(q, locked.customer_id),
        proposal: { by: proposer, at: locked.proposed_at, note: locked.proposed_note ?? '' },
        approval: {
          by: { id: operator.id, name: operator.name, email: operator.email },
          note: body.note || null,
        },
        now,
      });
      const jsonKey = await ctx.files.put(
        Buffer.from(JSON.stringify(report, null, 2)),
        reportAad(locked.id, 'json'),
      );
      written.push(jsonKey);
      const pdfKey = await ctx.files.put(
        Buffer.from(await renderReportPdf(report)),
        reportAad(locked.id, 'pdf'),
      );
      written.push(pdfKey);
      await closeCase(q, {
        id: locked.id,
        decision: 'report',
        operatorId: operator.id,
        note: body.note || null,
        reportJsonKey: jsonKey,
        reportPdfKey: pdfKey,
        now,
      });
      await appendAudit(q, {
        operatorId: operator.id,
        customerId: locked.customer_id,
        action: 'monitoring.report_approved',
        details: {
          caseId: locked.id,
          proposerId: locked.proposed_by,
          reference: report.reference,
          withNote: Boolean(body.note),
        },
        at: now,
      });
      return caseAfterStep(q, locked.id);
    });
  } catch (error) {
    await Promise.allSettled(written.map((key) => ctx.files.delete(key)));
    throw error;
  }
}
