import type { TransferStatus } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/types.ts';
import { countTransfer } from '../../metrics/count.ts';
import { completeInstant, placeInstant } from './instant-service.ts';
import type { InitiatedTransfer, PlacedTransfer } from '../../ports/initiated-transfers.ts';
import { checkExecutionDate, checkInitiatedOrder } from './order-rules.ts';
import { isScheduled, placeStandard } from './standard-service.ts';

/**
 * A transfer a third party initiated and the customer approved (PSD2 payment initiation,
 * docs/psd2.md#payment-initiation), in the caller's transaction: every rule of the customer's own
 * transfers (docs/product/transfers.md#rules-in-this-order) but the saved beneficiary — the payee is
 * the one the third party named — and the strong authentication, which the caller bound to the
 * payment. An instant one is then sent by `finish`, after the caller's commit, exactly as the
 * customer's own (settled or rejected within the rail's 10 s). The transfer and its ledger entry
 * keep the third party's name (« via … »).
 */
export async function placeInitiatedTransfer(
  ctx: AppContext,
  q: Queryable,
  input: InitiatedTransfer,
): Promise<PlacedTransfer> {
  const now = ctx.clock.now();
  const when = { type: input.type, ...(input.executionDate ? { executionDate: input.executionDate } : {}) };
  checkExecutionDate(when, now);
  const movesNow = input.type === 'instant' || !isScheduled(when, now);
  const order = await checkInitiatedOrder(q, { ...input, movesNow });
  const row =
    input.type === 'instant' ? await placeInstant(ctx, q, order) : await placeStandard(ctx, q, order, when);
  const finish = async (): Promise<TransferStatus> => {
    const done =
      row.type === 'instant' && row.status === 'pending'
        ? await completeInstant(ctx, row, { name: order.payerName, iban: order.account.iban })
        : row;
    countTransfer(done.status);
    return done.status;
  };
  return { transferId: row.id, status: row.status, finish };
}
