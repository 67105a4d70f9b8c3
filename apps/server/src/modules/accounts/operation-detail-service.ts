// Error codes thrown here: operation_not_found.
import { CARD_CHANNELS, type OperationDetail } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { operationDetail } from './operation-queries.ts';
import { toOperation } from './service.ts';

const isChannel = (value: string | null): value is OperationDetail['cardChannel'] & string =>
  CARD_CHANNELS.some((c) => c === value);

/**
 * One operation of one of the acting customer's accounts, with what its detail sheet shows. Unknown,
 * malformed or somebody else's ids all answer the same 404.
 */
export async function getOperationDetail(
  ctx: AppContext,
  customerId: string,
  accountId: string,
  entryId: string,
): Promise<OperationDetail> {
  const missing = () => new AppError('operation_not_found');
  if (!/^\d{1,18}$/.test(accountId) || !/^\d{1,18}$/.test(entryId)) throw missing();
  const row = await operationDetail(ctx.db, customerId, BigInt(accountId), BigInt(entryId));
  if (!row) throw missing();
  return {
    ...toOperation(row),
    valueDate: row.value_date,
    merchant: row.kind === 'card' ? row.counterparty_name : null,
    cardChannel: isChannel(row.card_channel) ? row.card_channel : null,
    transferType: row.transfer_type,
    direction: row.amount < 0n ? 'debit' : 'credit',
    mandateReference: row.mandate_reference,
    creditorId: row.creditor_id,
  };
}
