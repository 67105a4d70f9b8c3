import { format } from 'date-fns';
import { fr } from 'date-fns/locale';
import { statementMonthOf, statementMonths } from '@comptoir/core';

/** « Mars 2025 » for `2025-03`. */
export function monthLabel(month: string): string {
  const [year = 2000, m = 1] = month.split('-').map(Number);
  const text = format(new Date(year, m - 1, 1), 'LLLL yyyy', { locale: fr });
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** « mars » for `2025-03`, for a chart's axis. */
export const shortMonthLabel = (month: string): string => {
  const [year = 2000, m = 1] = month.split('-').map(Number);
  return format(new Date(year, m - 1, 1), 'LLL', { locale: fr });
};

/**
 * Every month from the account's opening to `now` (Luxembourg time, where the bank's months begin
 * and end), newest first, as `YYYY-MM` — the months the filter offers. An opening date that cannot
 * be read gives the current month only.
 */
export function monthsSince(openedAt: string, now: Date): string[] {
  const opened = new Date(openedAt);
  const months = Number.isNaN(opened.getTime()) ? [] : statementMonths(opened, now);
  return months.length > 0 ? months : [statementMonthOf(now)];
}
