// Error codes thrown here: screening_checker_too_recent, screening_confirmation_pending,
//   screening_own_approval.
import type { ScreeningAlert, ScreeningDecisionRequest } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { appendAudit } from '../../audit/audit.ts';
import { AppError } from '../../errors.ts';
import type { OperatorPrincipal } from '../../http/operator-principal.ts';
import { requireSecondOperator } from '../operators/index.ts';
import { alertAuditDetails } from './alert-audit.ts';
import { alertAfterStep, lockUndecidedAlert } from './alert-lock.ts';
import { closeAlert, recordProposal } from './alert-queries.ts';

/**
 * An operator decides a screening alert, with a note (kept on the alert; the audit row says one was
 * given, never its text, which may name the person):
 * - `false_positive` on an open alert closes it: one operator suffices. The screening remembers the
 *   pair (subject's identity, entry's content) and opens no new alert while both stay the same.
 * - `confirmed` on an open alert proposes the confirmation (status `confirmation_proposed`): nothing
 *   is frozen until another operator approves it (`approveScreeningConfirmation`).
 * - `false_positive` on a proposed alert overrules the proposal and closes it: a second pair of eyes
 *   disagreeing, so only another operator than the proposer, already active when it was proposed,
 *   may do it (the proposer cannot withdraw alone what two must weigh).
 * - `confirmed` on a proposed alert is refused (409): it waits for its approval.
 */
export async function decideScreeningAlert(
  ctx: AppContext,
  operator: OperatorPrincipal,
  idParam: string,
  body: ScreeningDecisionRequest,
): Promise<ScreeningAlert> {
  return ctx.db.tx(async (q) => {
    const now = ctx.clock.now();
    const alert = await lockUndecidedAlert(q, idParam);
    if (body.decision === 'confirmed') {
      if (alert.status === 'confirmation_proposed') throw new AppError('screening_confirmation_pending');
      await recordProposal(q, { id: alert.id, operatorId: operator.id, note: body.note, now });
      await appendAudit(q, {
        operatorId: operator.id,
        customerId: alert.customer_id,
        action: 'screening.confirmation_proposed',
        details: { ...alertAuditDetails(alert), withNote: true },
        at: now,
      });
      return alertAfterStep(q, alert.id);
    }
    const overruling = alert.status === 'confirmation_proposed';
    if (overruling) {
      if (!alert.proposed_at) throw new AppError('screening_checker_too_recent');
      await requireSecondOperator(
        q,
        operator.id,
        { by: alert.proposed_by, at: alert.proposed_at },
        { own: 'screening_own_approval', tooRecent: 'screening_checker_too_recent' },
      );
    }
    await closeAlert(q, {
      id: alert.id,
      decision: 'false_positive',
      operatorId: operator.id,
      note: body.note,
      freezeId: null,
      now,
    });
    await appendAudit(q, {
      operatorId: operator.id,
      customerId: alert.customer_id,
      action: overruling ? 'screening.confirmation_rejected' : 'screening.alert_false_positive',
      details: {
        ...alertAuditDetails(alert),
        ...(overruling ? { proposerId: alert.proposed_by } : {}),
        withNote: true,
      },
      at: now,
    });
    return alertAfterStep(q, alert.id);
  });
}
