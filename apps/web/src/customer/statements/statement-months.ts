import { statementMonthOf, statementMonths } from '@comptoir/core';

const MONTH_TITLE = new Intl.DateTimeFormat('fr-FR', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** « Mars 2026 » for `2026-03`. */
export function monthTitle(month: string): string {
  const text = MONTH_TITLE.format(new Date(`${month}-15T12:00:00Z`));
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The months that have a statement, newest first, and which one is still running. */
export function availableMonths(openedAt: string, now: Date): { months: string[]; current: string } {
  const opened = new Date(openedAt);
  return {
    months: Number.isNaN(opened.getTime()) ? [] : statementMonths(opened, now),
    current: statementMonthOf(now),
  };
}
