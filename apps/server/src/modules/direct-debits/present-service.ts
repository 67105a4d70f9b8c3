// Error codes thrown here: direct_debit_already_settled, direct_debit_not_found.
import type { DirectDebitCollection } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { appendAudit } from '../../audit/audit.ts';
import { AppError } from '../../errors.ts';
import { sandboxOperatorId, type SandboxActor } from '../../http/sandbox-actor.ts';
import { executeCollection } from './execute-service.ts';
import { lockCollection, markPresented } from './queries.ts';
import { toCollection } from './view.ts';

/**
 * Sandbox: the creditor's bank presents an announced collection now, without waiting for its due
 * date. It is booked or returned at once, by the same rules as the job (the row lock makes the job
 * and this call take it once between them). A booked or returned one answers 409.
 */
export async function presentDirectDebit(
  ctx: AppContext,
  actor: SandboxActor,
  id: string,
): Promise<DirectDebitCollection> {
  return ctx.db.tx(async (q) => {
    const c = await lockCollection(q, id);
    if (!c) throw new AppError('direct_debit_not_found');
    if (c.status === 'booked' || c.status === 'returned') throw new AppError('direct_debit_already_settled');
    const now = ctx.clock.now();
    await markPresented(q, c.id, now);
    const done = await executeCollection(ctx, q, c);
    await appendAudit(q, {
      operatorId: sandboxOperatorId(actor),
      customerId: c.customer_id,
      action: 'sandbox.direct_debit_presented',
      details: { collectionId: c.id, status: done.status, returnReason: done.return_reason },
      at: now,
    });
    return toCollection(done, now);
  });
}
