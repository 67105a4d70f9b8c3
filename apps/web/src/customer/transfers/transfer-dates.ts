import { format, parseISO } from 'date-fns';
import { fr } from 'date-fns/locale';
import type { TransferRepeat } from '@comptoir/contracts';
import { frenchLongDay } from '@comptoir/core';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar date written YYYY-MM-DD (not 2026-02-30). */
export function isIsoDate(text: string): boolean {
  if (!ISO_DATE.test(text)) return false;
  const date = parseISO(text);
  return !Number.isNaN(date.getTime()) && format(date, 'yyyy-MM-dd') === text;
}

const PARIS_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Paris',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today in Europe/Paris, YYYY-MM-DD: the bank's day, whatever the browser's time zone. */
export function parisToday(now: Date = new Date()): string {
  const parts = Object.fromEntries(PARIS_DAY.formatToParts(now).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** « 12 décembre 2026 », « 1er février 2026 » for a YYYY-MM-DD day ('' when it is not one). */
export function longDay(isoDate: string): string {
  return isIsoDate(isoDate) ? frenchLongDay(isoDate) : '';
}

/** « 22/11/2026 à 19:45 » for an instant, in the browser's time zone. */
export function dayAndTime(isoDateTime: string): string {
  const date = parseISO(isoDateTime);
  return Number.isNaN(date.getTime()) ? '' : format(date, "dd/MM/yyyy 'à' HH:mm", { locale: fr });
}

/** The i18n key and values of a monthly repetition: « Tous les mois, jusqu’au … » / « …, n fois ». */
export function repeatText(repeat: TransferRepeat | null): {
  key: 'transfers.repeat.until' | 'transfers.repeat.count';
  values: Record<string, string | number>;
} | null {
  if (!repeat) return null;
  if (repeat.endDate) return { key: 'transfers.repeat.until', values: { date: longDay(repeat.endDate) } };
  if (repeat.count) return { key: 'transfers.repeat.count', values: { count: repeat.count } };
  return null;
}
