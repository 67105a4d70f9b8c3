import { channelsView, type Card } from '@comptoir/contracts';
import { cardMonth, toJsonCents } from '@comptoir/core';
import type { CardViewRow } from './customer-card-queries.ts';

/** `YYYY-MM-DD` (first day of a month) → `MM/YY`. */
export function monthOf(date: string): string {
  const [year, month] = date.split('-').map(Number);
  if (!year || !month) throw new Error(`not a date: ${date}`);
  return cardMonth(year, month);
}

/**
 * A card as its holder sees it: the last four digits and nothing else of the number; no sealed
 * value, fingerprint or MAC ever leaves this mapping.
 */
export const toCard = (r: CardViewRow): Card => ({
  id: r.id,
  status: r.status,
  locked: r.locked,
  last4: r.last4,
  holderFirstName: r.holder_first_name,
  holderLastName: r.holder_last_name,
  validFrom: monthOf(r.valid_from),
  expiresEnd: monthOf(r.expires_month),
  accountId: String(r.account_id),
  weeklyLimit: toJsonCents(r.weekly_limit),
  monthlyLimit: toJsonCents(r.monthly_limit),
  weeklySpent: toJsonCents(r.weekly_spent),
  monthlySpent: toJsonCents(r.monthly_spent),
  channels: channelsView(r.channels),
  createdAt: r.created_at.toISOString(),
  cancelledAt: r.cancelled_at?.toISOString() ?? null,
});
