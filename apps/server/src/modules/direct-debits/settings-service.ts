// Error codes thrown here: direct_debit_creditor_ids_invalid.
import type { DirectDebitSettings } from '@comptoir/contracts';
import { isCreditorId, normalizeCreditorId } from '@comptoir/core';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { saveSettings } from './queries.ts';
import { toSettings } from './view.ts';

const creditorList = (list: readonly string[]): string[] => {
  if (!list.every(isCreditorId)) throw new AppError('direct_debit_creditor_ids_invalid');
  return [...new Set(list.map(normalizeCreditorId))];
};

/**
 * `PUT /api/direct-debits/settings`: the customer's rules for every direct debit — refuse all,
 * accept only the listed creditors (an empty list accepts all), refuse the blocked ones. A
 * collection they refuse is returned AG01 on its due date.
 */
export async function putSettings(
  ctx: AppContext,
  customerId: string,
  body: DirectDebitSettings,
): Promise<DirectDebitSettings> {
  const allowed = creditorList(body.allowedCreditorIds);
  const blocked = creditorList(body.blockedCreditorIds);
  return toSettings(
    await ctx.db.tx((q) =>
      saveSettings(q, customerId, { blockAll: body.blockAll, allowed, blocked }, ctx.clock.now()),
    ),
  );
}
