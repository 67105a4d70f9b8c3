// Error codes thrown here: screening_alert_not_proposed, screening_checker_too_recent,
//   screening_own_approval.
import type { ScreeningAlert, ScreeningApprovalRequest } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { appendAudit } from '../../audit/audit.ts';
import type { Queryable } from '../../db/types.ts';
import { AppError } from '../../errors.ts';
import type { OperatorPrincipal } from '../../http/operator-principal.ts';
import { blockPayee, freezeCustomer, type FreezeOutcome } from '../asset-freezes/index.ts';
import { countsAsChecker } from '../operators/index.ts';
import { alertAuditDetails } from './alert-audit.ts';
import { alertAfterStep, lockUndecidedAlert } from './alert-lock.ts';
import { beneficiaryOfCustomer, closeAlert, type LockedAlert } from './alert-queries.ts';

/**
 * The freeze a confirmed match makes, in the approval's transaction: the customer's funds, or the
 * customer's transfers to the payee (by its canonical IBAN). A payee the customer has deleted since
 * cannot be named: nothing to block (adding it again screens it again).
 */
async function freezeFor(
  q: Queryable,
  alert: LockedAlert,
  operatorId: string,
  now: Date,
): Promise<FreezeOutcome | null> {
  if (alert.subject_kind === 'customer') {
    return freezeCustomer(q, { customerId: alert.customer_id, alertId: alert.id, operatorId, now });
  }
  const payee = await beneficiaryOfCustomer(q, alert.customer_id, alert.subject_id);
  if (!payee) return null;
  return blockPayee(q, {
    customerId: alert.customer_id,
    beneficiaryId: payee.id,
    payeeIban: payee.iban,
    payeeName: payee.name,
    alertId: alert.id,
    operatorId,
    now,
  });
}

/**
 * Four eyes: a second operator approves a proposed confirmation — never its proposer, and only one
 * already active when it was proposed (`countsAsChecker`). In one transaction the alert closes
 * `confirmed` and the freeze is made (or joined, when one is already in force for the customer or
 * the payee): the customer's outgoing payments are refused from the commit on. Audited with the
 * alert, the proposer and the freeze; the customer is told nothing of it.
 */
export async function approveScreeningConfirmation(
  ctx: AppContext,
  operator: OperatorPrincipal,
  idParam: string,
  body: ScreeningApprovalRequest = {},
): Promise<ScreeningAlert> {
  return ctx.db.tx(async (q) => {
    const now = ctx.clock.now();
    const alert = await lockUndecidedAlert(q, idParam);
    if (alert.status !== 'confirmation_proposed' || !alert.proposed_at) {
      throw new AppError('screening_alert_not_proposed');
    }
    if (alert.proposed_by === operator.id) throw new AppError('screening_own_approval');
    if (!(await countsAsChecker(q, operator.id, alert.proposed_at))) {
      throw new AppError('screening_checker_too_recent');
    }
    const freeze = await freezeFor(q, alert, operator.id, now);
    await closeAlert(q, {
      id: alert.id,
      decision: 'confirmed',
      operatorId: operator.id,
      note: body.note || null,
      freezeId: freeze?.freezeId ?? null,
      now,
    });
    await appendAudit(q, {
      operatorId: operator.id,
      customerId: alert.customer_id,
      action: 'screening.confirmation_approved',
      details: {
        ...alertAuditDetails(alert),
        proposerId: alert.proposed_by,
        freezeId: freeze?.freezeId ?? null,
        freezeCreated: freeze?.created ?? false,
        withNote: Boolean(body.note),
      },
      at: now,
    });
    return alertAfterStep(q, alert.id);
  });
}
