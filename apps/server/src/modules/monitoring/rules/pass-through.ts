import { toJsonCents } from '@comptoir/core';
import { abs, HOUR_MS, isCredit, isOutgoingTransfer, within, type Rule } from './types.ts';

/**
 * *Pass-through*: money that only passes. A credit of `minCreditCents` or more, then, within
 * `windowHours` hours of it, outgoing transfers that add up to `percent` % of it or more; the hit
 * comes with the transfer that crosses that line (the earliest such credit's), once per credit.
 */
export const passThrough: Rule = ({ passThrough: p }, { movement, before }) => {
  if (!isOutgoingTransfer(movement)) return null;
  const windowMs = p.windowHours * HOUR_MS;
  for (const credit of before) {
    if (
      !isCredit(credit) ||
      credit.amount < BigInt(p.minCreditCents) ||
      !within(credit, movement.at, windowMs)
    )
      continue;
    const after = before.filter((m) => isOutgoingTransfer(m) && isAfter(m, credit));
    const sentBefore = after.reduce((sum, m) => sum + abs(m.amount), 0n);
    const sent = sentBefore + abs(movement.amount);
    const line = credit.amount * BigInt(p.percent);
    if (sentBefore * 100n < line && sent * 100n >= line) {
      // A whole percentage (a few hundred at most), not an amount.
      const share = (sent * 100n) / credit.amount;
      return {
        rule: 'pass_through',
        entryIds: [credit.entryId, ...after.map((m) => m.entryId), movement.entryId],
        details: {
          creditCents: toJsonCents(credit.amount),
          sentCents: toJsonCents(sent),
          percent: Number(share),
          windowHours: p.windowHours,
        },
      };
    }
  }
  return null;
};

/** Made after `credit`: later, or at the same instant with a higher entry id. */
const isAfter = (m: { at: Date; entryId: bigint }, credit: { at: Date; entryId: bigint }): boolean =>
  m.at.getTime() > credit.at.getTime() ||
  (m.at.getTime() === credit.at.getTime() && m.entryId > credit.entryId);
