import { format, parseISO } from 'date-fns';
import { fr } from 'date-fns/locale';
import { firstOfMonthOrdinal } from '@comptoir/core';

/** « 3 mars 2025 à 14:05 », « 1er mars 2025 à 14:05 » — or the raw text when it is not a date. */
export function formatDateTime(iso: string, pattern: string): string {
  const date = parseISO(iso);
  return Number.isNaN(date.getTime()) ? iso : firstOfMonthOrdinal(format(date, pattern, { locale: fr }));
}

/** « 12 mars 1990 », « 1er janvier 2000 » from YYYY-MM-DD. */
export function formatBirthDate(isoDate: string): string {
  const date = parseISO(isoDate);
  return Number.isNaN(date.getTime())
    ? isoDate
    : firstOfMonthOrdinal(format(date, 'd MMMM yyyy', { locale: fr }));
}

/** « 1er décembre 2026 » from a YYYY-MM-DD day (a due date, a signing date) or the day of a date-time. */
export function formatDay(isoDay: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(isoDay) ? formatBirthDate(isoDay) : formatDateTime(isoDay, 'd MMMM yyyy');
}
