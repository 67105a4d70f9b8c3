/**
 * Statement periods: calendar months in Luxembourg time (Europe/Luxembourg, CET/CEST). A month is the
 * half-open range of instants [first day 00:00 local, first day of the next month 00:00 local), so
 * an entry booked at 23:59:59.999 on the last evening belongs to that month and one at 00:00:00 to
 * the next, whatever the daylight-saving change inside the month.
 */
export const STATEMENT_TIME_ZONE = 'Europe/Luxembourg';

/** `YYYY-MM`, month 01–12. */
export const STATEMENT_MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

const parts = new Intl.DateTimeFormat('en-CA', {
  timeZone: STATEMENT_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

interface LocalParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function localParts(at: Date): LocalParts {
  const found: Record<string, number> = {};
  for (const p of parts.formatToParts(at)) if (p.type !== 'literal') found[p.type] = Number(p.value);
  return {
    year: found.year ?? 0,
    month: found.month ?? 0,
    day: found.day ?? 0,
    hour: found.hour ?? 0,
    minute: found.minute ?? 0,
    second: found.second ?? 0,
  };
}

/** Luxembourg's offset from UTC at an instant, in milliseconds (3,600,000 in winter, 7,200,000 in summer). */
function offsetAt(at: number): number {
  const p = localParts(new Date(at));
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return wall - (at - (((at % 1000) + 1000) % 1000));
}

/** The instant of 00:00 local time on the first day of a month (month 1–12; 13 is January next year). */
function monthStart(year: number, month: number): Date {
  const wall = Date.UTC(year, month - 1, 1);
  const first = wall - offsetAt(wall);
  return new Date(wall - offsetAt(first));
}

/** The half-open period [start, end) of a `YYYY-MM` month in Luxembourg time; null when malformed. */
export function statementPeriod(month: string): { start: Date; end: Date } | null {
  const match = STATEMENT_MONTH.exec(month);
  if (!match) return null;
  const year = Number(match[1]);
  const index = Number(match[2]);
  return { start: monthStart(year, index), end: monthStart(year, index + 1) };
}

/** The `YYYY-MM` month an instant falls in, in Luxembourg time. */
export function statementMonthOf(at: Date): string {
  const p = localParts(at);
  return `${String(p.year).padStart(4, '0')}-${String(p.month).padStart(2, '0')}`;
}

/** The calendar date (`YYYY-MM-DD`) of an instant in Luxembourg time. */
export function luxembourgDate(at: Date): string {
  const p = localParts(at);
  return `${String(p.year).padStart(4, '0')}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

/** `YYYY-MM` shifted by `delta` months (negative: back). */
export function addMonths(month: string, delta: number): string {
  const [year = 0, m = 1] = month.split('-').map(Number);
  const index = year * 12 + (m - 1) + delta;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** Every month from the account's opening to the current one, newest first. */
export function statementMonths(openedAt: Date, now: Date): string[] {
  const first = statementMonthOf(openedAt);
  const months: string[] = [];
  for (
    let month = statementMonthOf(now);
    month >= first && months.length < 1200;
    month = addMonths(month, -1)
  )
    months.push(month);
  return months;
}
