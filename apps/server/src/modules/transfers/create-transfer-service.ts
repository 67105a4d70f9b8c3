import type { CreateTransferRequest, Transfer } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { countTransfer } from '../../metrics/count.ts';
import { idempotent, requireIdempotencyKey } from '../../idempotency/idempotency.ts';
import { completeInstant, placeInstant } from './instant-service.ts';
import type { Order } from './order.ts';
import { checkFields, checkOrder } from './order-rules.ts';
import { transferOf, type TransferRow } from './queries.ts';
import { isScheduled, placeStandard } from './standard-service.ts';
import { toTransfer } from './transfer-view.ts';

/**
 * `POST /api/transfers`: the rules of docs/product/transfers.md#rules-in-this-order in order, then the transfer, at most once per
 * (customer, Idempotency-Key) — the key, the SCA token's use, the ledger entry and the transfer
 * commit together. An instant transfer to another bank then waits for the rail and answers its
 * final status. A replay answers the transfer as it is now.
 */
export async function createTransfer(
  ctx: AppContext,
  customerId: string,
  input: TransferInput,
): Promise<{ body: Transfer; replayed: boolean }> {
  try {
    const result = await placeOrder(ctx, customerId, input);
    // The outcome first answered (a replay was counted the first time).
    if (!result.replayed) countTransfer(result.body.status);
    return result;
  } catch (error) {
    // A rule said no (balance, limit, SCA…): a refusal; anything else is a failure, not an outcome.
    if (error instanceof AppError) countTransfer('refused');
    throw error;
  }
}

type TransferInput = {
  idempotencyKey: string | undefined;
  scaToken: string | undefined;
  body: CreateTransferRequest;
};

async function placeOrder(
  ctx: AppContext,
  customerId: string,
  input: TransferInput,
): Promise<{ body: Transfer; replayed: boolean }> {
  const { body } = input;
  checkFields(body, ctx.clock.now());
  const key = requireIdempotencyKey(input.idempotencyKey);
  let placed: { row: TransferRow; order: Order } | null = null;
  const result = await idempotent<Transfer>(
    ctx.db,
    `customer:${customerId}:transfers`,
    key,
    body,
    async (q) => {
      const movesNow = body.type === 'instant' || !isScheduled(body, ctx.clock.now());
      const order = await checkOrder(ctx, q, { customerId, scaToken: input.scaToken, body, movesNow });
      const row =
        body.type === 'instant'
          ? await placeInstant(ctx, q, order)
          : await placeStandard(ctx, q, order, body);
      placed = { row, order };
      return { status: 201, body: toTransfer(row) };
    },
  );
  if (result.replayed) {
    const current = await transferOf(ctx.db, customerId, result.body.id);
    return { body: current ? toTransfer(current) : result.body, replayed: true };
  }
  const done = placed as { row: TransferRow; order: Order } | null;
  if (done && done.row.type === 'instant' && done.row.status === 'pending') {
    const finished = await completeInstant(ctx, done.row, {
      name: done.order.payerName,
      iban: done.order.account.iban,
    });
    return { body: toTransfer(finished), replayed: false };
  }
  return { body: result.body, replayed: false };
}
