// Error codes thrown here: monitoring_checker_too_recent, monitoring_own_approval,
//   monitoring_report_pending.
import type { MonitoringCase, MonitoringDecisionRequest } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { appendAudit } from '../../audit/audit.ts';
import { AppError } from '../../errors.ts';
import type { OperatorPrincipal } from '../../http/operator-principal.ts';
import { requireSecondOperator } from '../operators/index.ts';
import { caseAfterStep, lockUndecidedCase } from './case-lock.ts';
import { closeCase, recordProposal } from './case-queries.ts';

/**
 * An operator decides a monitoring case, with a note (kept on the case; the audit row says one was
 * given, never its text):
 * - `no_suspicion` on an open case closes it: one operator suffices.
 * - `report` on an open case proposes the suspicious-activity report, the note its narrative: nothing
 *   is reported until another operator approves it (`approveMonitoringReport`).
 * - `no_suspicion` on a proposed case overrules the proposal and closes it — only another operator
 *   than the proposer, already active when it was proposed (what two must weigh, one cannot withdraw).
 * - `report` on a proposed case is refused (409): it waits for its approval.
 * The customer is told nothing, whatever the decision (no tipping-off).
 */
export async function decideMonitoringCase(
  ctx: AppContext,
  operator: OperatorPrincipal,
  idParam: string,
  body: MonitoringDecisionRequest,
): Promise<MonitoringCase> {
  return ctx.db.tx(async (q) => {
    const now = ctx.clock.now();
    const locked = await lockUndecidedCase(q, idParam);
    if (body.decision === 'report') {
      if (locked.status === 'report_proposed') throw new AppError('monitoring_report_pending');
      await recordProposal(q, { id: locked.id, operatorId: operator.id, note: body.note, now });
      await appendAudit(q, {
        operatorId: operator.id,
        customerId: locked.customer_id,
        action: 'monitoring.report_proposed',
        details: { caseId: locked.id, withNote: true },
        at: now,
      });
      return caseAfterStep(q, locked.id);
    }
    const overruling = locked.status === 'report_proposed';
    if (overruling) {
      if (!locked.proposed_at) throw new AppError('monitoring_checker_too_recent');
      await requireSecondOperator(
        q,
        operator.id,
        { by: locked.proposed_by, at: locked.proposed_at },
        { own: 'monitoring_own_approval', tooRecent: 'monitoring_checker_too_recent' },
      );
    }
    await closeCase(q, {
      id: locked.id,
      decision: 'no_suspicion',
      operatorId: operator.id,
      note: body.note,
      reportJsonKey: null,
      reportPdfKey: null,
      now,
    });
    await appendAudit(q, {
      operatorId: operator.id,
      customerId: locked.customer_id,
      action: overruling ? 'monitoring.report_rejected' : 'monitoring.no_suspicion',
      details: {
        caseId: locked.id,
        ...(overruling ? { proposerId: locked.proposed_by } : {}),
        withNote: true,
      },
      at: now,
    });
    return caseAfterStep(q, locked.id);
  });
}
