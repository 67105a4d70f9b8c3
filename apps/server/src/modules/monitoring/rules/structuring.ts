import { toJsonCents } from '@comptoir/core';
import { DAY_MS, isCredit, within, type Rule } from './types.ts';

/**
 * *Structuring*: incoming credits kept just under a threshold. Each credit from `lowPercent` % of the
 * threshold up to, not including, the threshold (one at the threshold or above stands out alone);
 * the hit comes with the `count`-th such credit within `windowDays` days — once per run: the next
 * ones join the open case only when an earlier one has left the window.
 */
export const structuring: Rule = ({ structuring: p }, { movement, before }) => {
  const threshold = BigInt(p.thresholdCents);
  const near = (amount: bigint): boolean =>
    amount * 100n >= threshold * BigInt(p.lowPercent) && amount < threshold;
  if (!isCredit(movement) || !near(movement.amount)) return null;
  const run = before.filter(
    (m) => isCredit(m) && near(m.amount) && within(m, movement.at, p.windowDays * DAY_MS),
  );
  if (run.length + 1 !== p.count) return null;
  return {
    rule: 'structuring',
    entryIds: [...run.map((m) => m.entryId), movement.entryId],
    details: {
      credits: run.length + 1,
      totalCents: toJsonCents(run.reduce((sum, m) => sum + m.amount, movement.amount)),
      thresholdCents: p.thresholdCents,
      windowDays: p.windowDays,
    },
  };
};
