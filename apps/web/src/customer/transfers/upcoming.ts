import type { Transfer } from '@comptoir/contracts';

/** Transfers still to run — funds reserved (`pending`) or waiting for their date — soonest first. */
export function upcomingTransfers(transfers: readonly Transfer[]): Transfer[] {
  return transfers
    .filter((t) => t.status === 'pending' || t.status === 'scheduled')
    .sort(
      (a, b) =>
        a.executionDate.localeCompare(b.executionDate) ||
        a.createdAt.localeCompare(b.createdAt) ||
        a.number.localeCompare(b.number),
    );
}
