// Error codes thrown here: account_not_found, transfer_not_found.
import type { Transfer, TransferList, TransferListQuery } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { customerAccount } from '../../ledger/index.ts';
import { recentTransfers, transferOf, upcomingTransfers } from './queries.ts';
import { toTransfer } from './transfer-view.ts';

/** `GET /api/transfers/{id}`: one of the acting customer's transfers (another's answers 404). */
export async function getTransfer(ctx: AppContext, customerId: string, id: string): Promise<Transfer> {
  const t = await transferOf(ctx.db, customerId, id);
  if (!t) throw new AppError('transfer_not_found');
  return toTransfer(t);
}

/** `GET /api/transfers`: upcoming (scheduled, pending) and recent transfers of the acting customer. */
export async function listTransfers(
  ctx: AppContext,
  customerId: string,
  query: TransferListQuery,
): Promise<TransferList> {
  let accountId: bigint | null = null;
  if (query.accountId !== undefined) {
    if (!/^\d{1,18}$/.test(query.accountId)) throw new AppError('account_not_found');
    accountId = (await customerAccount(ctx.db, customerId, BigInt(query.accountId))).id;
  }
  const [upcoming, recent] = await Promise.all([
    upcomingTransfers(ctx.db, customerId, accountId),
    recentTransfers(ctx.db, customerId, accountId, query.limit),
  ]);
  return { upcoming: upcoming.map(toTransfer), recent: recent.map(toTransfer) };
}
