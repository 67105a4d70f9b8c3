import { toJsonCents } from '@comptoir/core';
import { abs, DAY_MS, type Rule } from './types.ts';

/**
 * *Dormant account*: an outgoing movement of `minAmountCents` or more (a transfer, a card payment,
 * a direct debit) when the customer made none for `days` days before it — counted from the account's
 * opening when they never made one.
 */
export const dormantAccount: Rule = (
  { dormantAccount: p },
  { movement, lastOutgoingAt, accountOpenedAt },
) => {
  if (movement.amount >= 0n || abs(movement.amount) < BigInt(p.minAmountCents)) return null;
  const quietSince = lastOutgoingAt ?? accountOpenedAt;
  const quietMs = movement.at.getTime() - quietSince.getTime();
  if (quietMs < p.days * DAY_MS) return null;
  return {
    rule: 'dormant_account',
    entryIds: [movement.entryId],
    details: {
      amountCents: toJsonCents(abs(movement.amount)),
      quietDays: Math.floor(quietMs / DAY_MS),
      lastOutgoingAt: lastOutgoingAt?.toISOString() ?? 'aucun',
    },
  };
};
