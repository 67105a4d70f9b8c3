/**
 * Business days of the TARGET2 calendar (the euro payment system, docs/product/transfers.md):
 * closed on Saturdays, Sundays, 1 January, Good Friday, Easter Monday, 1 May, 25 and 26 December.
 * Dates are calendar days written `YYYY-MM-DD` (no time, no zone); "today" is the day in Paris.
 */

/** A calendar day, `YYYY-MM-DD`. */
export type IsoDate = string;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of a calendar day (throws on a malformed or impossible date). */
function dayNumber(date: IsoDate): number {
  const m = ISO_DATE.exec(date);
  if (!m) throw new RangeError(`not a YYYY-MM-DD date: ${date}`);
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const ms = Date.UTC(y, mo - 1, d);
  const back = new Date(ms);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) {
    throw new RangeError(`no such day: ${date}`);
  }
  return ms / DAY_MS;
}

const fromDayNumber = (n: number): IsoDate => new Date(n * DAY_MS).toISOString().slice(0, 10);

/** Whether a string is a real calendar day in `YYYY-MM-DD` form. */
export function isIsoDate(value: string): boolean {
  try {
    dayNumber(value);
    return true;
  } catch {
    return false;
  }
}

export const addDays = (date: IsoDate, days: number): IsoDate => fromDayNumber(dayNumber(date) + days);

const pad = (n: number) => String(n).padStart(2, '0');
const isoOf = (year: number, month: number, day: number): IsoDate =>
  `${String(year).padStart(4, '0')}-${pad(month)}-${pad(day)}`;

/** Easter Sunday of a Gregorian year (anonymous Gregorian computus, Meeus/Jones/Butcher). */
export function easterSunday(year: number): IsoDate {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return isoOf(year, month, day);
}

/** The TARGET2 closing days of a year that fall on weekdays or not (sorted). */
export function target2Holidays(year: number): IsoDate[] {
  const easter = easterSunday(year);
  return [
    isoOf(year, 1, 1),
    addDays(easter, -2),
    addDays(easter, 1),
    isoOf(year, 5, 1),
    isoOf(year, 12, 25),
    isoOf(year, 12, 26),
  ].sort();
}

/** Day of the week, 0 = Sunday … 6 = Saturday. */
export const weekday = (date: IsoDate): number => (((dayNumber(date) + 4) % 7) + 7) % 7;

/** Open for TARGET2 settlement: not a weekend, not one of its closing days. */
export function isBusinessDay(date: IsoDate): boolean {
  const wd = weekday(date);
  if (wd === 0 || wd === 6) return false;
  return !target2Holidays(Number(date.slice(0, 4))).includes(date);
}

/** The first business day strictly after `date`. */
export function nextBusinessDay(date: IsoDate): IsoDate {
  let d = addDays(date, 1);
  while (!isBusinessDay(d)) d = addDays(d, 1);
  return d;
}

/** The last business day strictly before `date`. */
export function previousBusinessDay(date: IsoDate): IsoDate {
  let d = addDays(date, -1);
  while (!isBusinessDay(d)) d = addDays(d, -1);
  return d;
}

/** `date` itself when it is a business day, else the next one. */
export const businessDayOnOrAfter = (date: IsoDate): IsoDate =>
  isBusinessDay(date) ? date : nextBusinessDay(date);

const parisDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Paris',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar day in Paris at an instant (what "today" means for execution dates). */
export function parisDate(instant: Date): IsoDate {
  const parts = Object.fromEntries(parisDay.formatToParts(instant).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

const daysInMonth = (year: number, month: number): number => new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * The `index`-th monthly date (0 = `start`) anchored on the start's day of month: the 31st gives
 * the 30 April, the 28 or 29 February, and the 31 May again.
 */
export function monthlyDate(start: IsoDate, index: number): IsoDate {
  dayNumber(start);
  const [y, m, d] = start.split('-').map(Number) as [number, number, number];
  const months = y * 12 + (m - 1) + index;
  const year = Math.floor(months / 12);
  const month = (months % 12) + 1;
  return isoOf(year, month, Math.min(d, daysInMonth(year, month)));
}

/**
 * The dates of a monthly repetition from `start` (included): `count` of them, or every one up to
 * `endDate` (included). At most 1,200 dates.
 */
export function monthlyDates(start: IsoDate, until: { endDate: IsoDate } | { count: number }): IsoDate[] {
  const out: IsoDate[] = [];
  if ('count' in until) {
    for (let i = 0; i < Math.min(until.count, 1200); i++) out.push(monthlyDate(start, i));
    return out;
  }
  const end = dayNumber(until.endDate);
  for (let i = 0; i < 1200; i++) {
    const date = monthlyDate(start, i);
    if (dayNumber(date) > end) break;
    out.push(date);
  }
  return out;
}
