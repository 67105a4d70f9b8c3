import { toJsonCents } from '@comptoir/core';
import { abs, HOUR_MS, isOutgoingTransfer, type Rule } from './types.ts';

/**
 * *New payee, large amount*: a transfer of `minAmountCents` or more to a beneficiary added at most
 * `windowHours` hours before it.
 */
export const newPayeeLargeAmount: Rule = ({ newPayeeLargeAmount: p }, { movement, payeeAddedAt }) => {
  if (!isOutgoingTransfer(movement) || payeeAddedAt === null) return null;
  if (abs(movement.amount) < BigInt(p.minAmountCents)) return null;
  const sinceAdded = movement.at.getTime() - payeeAddedAt.getTime();
  if (sinceAdded < 0 || sinceAdded > p.windowHours * HOUR_MS) return null;
  return {
    rule: 'new_payee_large_amount',
    entryIds: [movement.entryId],
    details: {
      amountCents: toJsonCents(abs(movement.amount)),
      payeeAddedAt: payeeAddedAt.toISOString(),
      minutesSinceAdded: Math.floor(sinceAdded / 60_000),
    },
  };
};
