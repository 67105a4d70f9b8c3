// Error codes thrown here: space_not_found.
import type { Space } from '@comptoir/contracts';
import { toJsonCents } from '@comptoir/core';
import { AppError } from '../../errors.ts';
import { availableBalance } from '../../ledger/index.ts';
import type { SpaceRow } from './queries.ts';

/** The one answer for an Espace that is not the acting customer's open one, whatever the reason. */
export const spaceNotFound = () => new AppError('space_not_found');

/** An Espace id from the path: anything but a ledger account number is unknown (404, not 400). */
export function spaceId(param: string): bigint {
  if (!/^[1-9]\d{0,17}$/.test(param)) throw spaceNotFound();
  return BigInt(param);
}

export const toSpace = (row: SpaceRow): Space => ({
  id: String(row.account_id),
  name: row.name,
  goal: row.goal === null ? null : toJsonCents(row.goal),
  bookedBalance: toJsonCents(row.posted_balance),
  availableBalance: toJsonCents(
    availableBalance({
      postedBalance: row.posted_balance,
      pendingDebits: row.pending_debits,
      overdraftLimit: row.overdraft_limit,
    }),
  ),
  openedAt: row.created_at.toISOString(),
});
