import type { MonitoringCase, MonitoringNoteRequest } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { appendAudit } from '../../audit/audit.ts';
import type { OperatorPrincipal } from '../../http/operator-principal.ts';
import { caseAfterStep, lockUndecidedCase } from './case-lock.ts';
import { insertNote } from './case-queries.ts';

/** An operator notes what they found on a case still being worked; the audit row says a note was added, never its text. */
export async function addMonitoringNote(
  ctx: AppContext,
  operator: OperatorPrincipal,
  idParam: string,
  body: MonitoringNoteRequest,
): Promise<MonitoringCase> {
  return ctx.db.tx(async (q) => {
    const now = ctx.clock.now();
    const locked = await lockUndecidedCase(q, idParam);
    await insertNote(q, { caseId: locked.id, operatorId: operator.id, note: body.note, now });
    await appendAudit(q, {
      operatorId: operator.id,
      customerId: locked.customer_id,
      action: 'monitoring.note_added',
      details: { caseId: locked.id },
      at: now,
    });
    return caseAfterStep(q, locked.id);
  });
}
