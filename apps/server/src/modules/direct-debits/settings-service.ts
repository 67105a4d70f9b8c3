// Error codes thrown here: direct_debit_creditor_ids_invalid.
import type { DirectDebitSettings } from '@comptoir/contracts';
import { creditorIdentity, isCreditorId, normalizeCreditorId } from '@comptoir/core';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { saveSettings } from './queries.ts';
import { toSettings } from './view.ts';

/** The identifiers in electronic form, one per creditor (`creditorIdentity`): the first spelling given is kept. */
const creditorList = (list: readonly string[]): string[] => {
  if (!list.every(isCreditorId)) throw new AppError('direct_debit_creditor_ids_invalid');
  const byCreditor = new Map<string, string>();
  for (const ci of list.map(normalizeCreditorId)) {
    if (!byCreditor.has(creditorIdentity(ci))) byCreditor.set(creditorIdentity(ci), ci);
  }
  return [...byCreditor.values()];
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
