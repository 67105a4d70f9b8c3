import type { CustomerHeldCredit } from '@comptoir/contracts';

/** How long a credit returned to its originator stays shown on the dashboard. */
export const RETURNED_SHOWN_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

export type HeldCreditItem = CustomerHeldCredit & { status: 'verifying' | 'returned' };

/**
 * What the dashboard shows of the customer's held credits: those being verified (oldest first),
 * then those returned to the originator in the last 30 days (newest first). A released one needs
 * no item: it is an operation of the account like any credit.
 */
export function heldCreditItems(items: readonly CustomerHeldCredit[], now: Date): HeldCreditItem[] {
  const since = now.getTime() - RETURNED_SHOWN_DAYS * DAY_MS;
  const verifying = items
    .filter((item): item is HeldCreditItem => item.status === 'verifying')
    .sort((a, b) => a.heldAt.localeCompare(b.heldAt));
  const returned = items
    .filter(
      (item): item is HeldCreditItem =>
        item.status === 'returned' && item.decidedAt !== null && Date.parse(item.decidedAt) >= since,
    )
    .sort((a, b) => (b.decidedAt ?? '').localeCompare(a.decidedAt ?? ''));
  return [...verifying, ...returned];
}
