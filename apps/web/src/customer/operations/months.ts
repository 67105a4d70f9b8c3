import { statementMonthOf, statementMonths } from '@comptoir/core';

const MONTH_YEAR = new Intl.DateTimeFormat('fr-FR', { month: 'long', year: 'numeric' });
const SHORT_MONTH = new Intl.DateTimeFormat('fr-FR', { month: 'short' });

const firstDay = (month: string): Date => {
  const [year = 2000, m = 1] = month.split('-').map(Number);
  return new Date(year, m - 1, 1);
};

/** « Mars 2025 » for `2025-03`. */
export function monthLabel(month: string): string {
  const text = MONTH_YEAR.format(firstDay(month));
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** « mars », « janv. » for `2025-03`, `2025-01`, for a chart's axis. */
export const shortMonthLabel = (month: string): string => SHORT_MONTH.format(firstDay(month));

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
