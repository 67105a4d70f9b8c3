// Error codes thrown here: transfer_not_cancellable, transfer_not_found.
import type { Transfer } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { voidEntry } from '../../ledger/index.ts';
import { transferEvent } from './transfer-event.ts';
import { publishTransfer } from '../../events/index.ts';
import { setTransferOutcome, transferOf } from './queries.ts';
import { toTransfer } from './transfer-view.ts';

/**
 * `DELETE /api/transfers/{id}`: a pending one-off transfer's reservation is released, a scheduled
 * one is dropped; either way a monthly series stops (its next occurrence is only ever planned when
 * one executes). Instant and finished transfers answer 409. Waits on the row lock the execute-due
 * job holds, so a transfer is either executed or cancelled, never both.
 */
export async function cancelTransfer(ctx: AppContext, customerId: string, id: string): Promise<Transfer> {
  return ctx.db.tx(async (q) => {
    const t = await transferOf(q, customerId, id, { lock: true });
    if (!t) throw new AppError('transfer_not_found');
    if (t.type === 'instant' || (t.status !== 'pending' && t.status !== 'scheduled')) {
      throw new AppError('transfer_not_cancellable');
    }
    const now = ctx.clock.now();
    if (t.status === 'pending' && t.entry_id !== null) await voidEntry(q, t.entry_id, now);
    const done = await setTransferOutcome(q, t.id, { status: 'cancelled', now });
    await publishTransfer(q, customerId, transferEvent(done));
    return toTransfer(done);
  });
}
