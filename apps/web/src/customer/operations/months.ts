import { format } from 'date-fns';
import { fr } from 'date-fns/locale';

/** `YYYY-MM` of an instant in Luxembourg, where the bank's months begin and end. */
export function luxembourgMonth(at: Date): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Luxembourg',
    year: 'numeric',
    month: '2-digit',
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}`;
}

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
 * Every month from the account's opening to `now`, newest first, as `YYYY-MM` — the months the
 * filter offers. An opening date that cannot be read gives the current month only.
 */
export function monthsSince(openedAt: string, now: Date): string[] {
  const last = luxembourgMonth(now);
  const opened = new Date(openedAt);
  const first = Number.isNaN(opened.getTime()) ? last : luxembourgMonth(opened);
  const index = (month: string) => {
    const [y = 0, m = 1] = month.split('-').map(Number);
    return y * 12 + m - 1;
  };
  const months: string[] = [];
  for (let i = index(last); i >= Math.min(index(first), index(last)); i--)
    months.push(`${Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`);
  return months;
}
