// Error codes thrown here: customer_not_found.
import type { ManualEntryList } from '@comptoir/contracts';
import { toJsonCents } from '@comptoir/core';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { customerIdParam } from '../../http/params.ts';
import { manualEntryView } from './manual-entry-view.ts';
import { customerExists, listManualEntries } from './queries.ts';

/** Manual entries, newest first: one customer's (`customerParam`), or everyone's (the checkers' queue). */
export async function listManualEntriesOf(
  ctx: AppContext,
  filter: { customerParam?: string; status?: 'pending' | 'posted' | 'refused' | undefined },
): Promise<ManualEntryList> {
  let customerId: string | undefined;
  if (filter.customerParam !== undefined) {
    customerId = customerIdParam(filter.customerParam);
    if (!(await customerExists(ctx.db, customerId))) throw new AppError('customer_not_found');
  }
  const rows = await listManualEntries(ctx.db, {
    ...(customerId ? { customerId } : {}),
    ...(filter.status ? { status: filter.status } : {}),
  });
  return {
    items: rows.map(manualEntryView),
    thresholdCents: toJsonCents(BigInt(ctx.config.manualEntryApprovalThreshold)),
    operatorDailyLimitCents: toJsonCents(BigInt(ctx.config.manualEntryOperatorDailyLimit)),
  };
}
