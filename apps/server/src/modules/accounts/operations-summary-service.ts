// Error codes thrown here: account_not_found.
import type { OperationsSummary } from '@comptoir/contracts';
import { addMonths, statementMonthOf, toJsonCents } from '@comptoir/core';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { customerAccount } from '../../ledger/index.ts';
import { kindTotals, monthTotals } from './operation-queries.ts';

/** How many months the summary's chart covers, the asked month the last of them. */
export const CHART_MONTHS = 6;

/**
 * The month's money in and out of one of the acting customer's accounts, by kind, and the six
 * months ending with it. Posted operations only, in the month they were booked (Luxembourg time),
 * as a statement counts them; integer cents. The month defaults to the current one.
 */
export async function getOperationsSummary(
  ctx: AppContext,
  customerId: string,
  accountId: string,
  month: string | undefined,
): Promise<OperationsSummary> {
  if (!/^\d{1,18}$/.test(accountId)) throw new AppError('account_not_found');
  const account = await customerAccount(ctx.db, customerId, BigInt(accountId));
  const asked = month ?? statementMonthOf(ctx.clock.now());
  const first = addMonths(asked, 1 - CHART_MONTHS);
  const [totals, kinds] = await Promise.all([
    monthTotals(ctx.db, account.id, first, asked),
    kindTotals(ctx.db, account.id, asked),
  ]);
  const byMonth = new Map(totals.map((row) => [row.month, row]));
  const months = Array.from({ length: CHART_MONTHS }, (_, i) => {
    const m = addMonths(first, i);
    const row = byMonth.get(m);
    return {
      month: m,
      moneyIn: toJsonCents(row?.money_in ?? 0n),
      moneyOut: toJsonCents(row?.money_out ?? 0n),
    };
  });
  const current = months[months.length - 1];
  return {
    month: asked,
    moneyIn: current?.moneyIn ?? 0,
    moneyOut: current?.moneyOut ?? 0,
    byKind: kinds.map((k) => ({
      kind: k.kind,
      moneyIn: toJsonCents(k.money_in),
      moneyOut: toJsonCents(k.money_out),
    })),
    months,
  };
}
