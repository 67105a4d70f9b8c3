import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  addDays,
  businessDayOnOrAfter,
  easterSunday,
  isBusinessDay,
  monthlyDate,
  monthlyDates,
  nextBusinessDay,
  parisDate,
  previousBusinessDay,
  target2Holidays,
  weekday,
} from './business-days.ts';

const day = fc
  .integer({ min: Date.UTC(1990, 0, 1) / 86_400_000, max: Date.UTC(2150, 11, 31) / 86_400_000 })
  .map((n) => new Date(n * 86_400_000).toISOString().slice(0, 10));

describe('TARGET2 calendar', () => {
  it('Easter by the computus (known years)', () => {
    expect(easterSunday(2024)).toBe('2024-03-31');
    expect(easterSunday(2025)).toBe('2025-04-20');
    expect(easterSunday(2026)).toBe('2026-04-05');
    expect(easterSunday(2027)).toBe('2027-03-28');
    expect(easterSunday(2038)).toBe('2038-04-25');
    expect(easterSunday(2285)).toBe('2285-03-22');
  });

  it('closing days of 2026 and 2027', () => {
    expect(target2Holidays(2026)).toEqual([
      '2026-01-01',
      '2026-04-03',
      '2026-04-06',
      '2026-05-01',
      '2026-12-25',
      '2026-12-26',
    ]);
    expect(target2Holidays(2027)).toEqual([
      '2027-01-01',
      '2027-03-26',
      '2027-03-29',
      '2027-05-01',
      '2027-12-25',
      '2027-12-26',
    ]);
  });

  it('previous business day: over a weekend, Easter and 1 May', () => {
    expect(previousBusinessDay('2026-11-23')).toBe('2026-11-20'); // Monday → Friday
    expect(previousBusinessDay('2026-04-07')).toBe('2026-04-02'); // Easter Monday, weekend, Good Friday
    expect(previousBusinessDay('2026-05-04')).toBe('2026-04-30'); // 1 May on a Friday
    expect(previousBusinessDay('2026-11-25')).toBe('2026-11-24');
  });

  it('next business day: fixed cases', () => {
    expect(nextBusinessDay('2026-04-02')).toBe('2026-04-07'); // Thursday → Good Friday, weekend, Easter Monday
    expect(nextBusinessDay('2026-12-24')).toBe('2026-12-28');
    expect(nextBusinessDay('2027-12-31')).toBe('2028-01-03'); // 1 Jan 2028 is a Saturday
    expect(nextBusinessDay('2022-12-30')).toBe('2023-01-02'); // New Year on a Sunday: no substitute day
    expect(nextBusinessDay('2027-04-30')).toBe('2027-05-03'); // 1 May on a Saturday
    expect(nextBusinessDay('2026-11-20')).toBe('2026-11-23');
    expect(isBusinessDay('2026-11-23')).toBe(true);
    expect(isBusinessDay('2026-05-01')).toBe(false);
    expect(businessDayOnOrAfter('2026-11-23')).toBe('2026-11-23');
    expect(businessDayOnOrAfter('2026-11-22')).toBe('2026-11-23');
  });

  it('next business day: strictly later, a business day, nothing skipped in between (property)', () => {
    fc.assert(
      fc.property(day, (d) => {
        const next = nextBusinessDay(d);
        if (!(next > d) || !isBusinessDay(next)) return false;
        for (let x = addDays(d, 1); x < next; x = addDays(x, 1)) if (isBusinessDay(x)) return false;
        // Never more than 4 days: the longest closure is Good Friday to Easter Monday.
        return next <= addDays(d, 5);
      }),
    );
  });

  it('weekends are never business days; Good Friday and Easter Monday never are (property)', () => {
    fc.assert(
      fc.property(day, (d) => {
        const wd = weekday(d);
        if ((wd === 0 || wd === 6) && isBusinessDay(d)) return false;
        const year = Number(d.slice(0, 4));
        const easter = easterSunday(year);
        return weekday(easter) === 0 && easter >= `${year}-03-22` && easter <= `${year}-04-25`;
      }),
    );
  });

  it('"today" is the day in Paris', () => {
    expect(parisDate(new Date('2026-12-31T22:59:59Z'))).toBe('2026-12-31');
    expect(parisDate(new Date('2026-12-31T23:00:00Z'))).toBe('2027-01-01');
    expect(parisDate(new Date('2026-07-14T21:59:00Z'))).toBe('2026-07-14');
    expect(parisDate(new Date('2026-07-14T22:00:00Z'))).toBe('2026-07-15');
  });
});

describe('monthly dates', () => {
  it('anchored on the 31st: the last day of shorter months, back to the 31st', () => {
    expect(monthlyDates('2027-01-31', { count: 6 })).toEqual([
      '2027-01-31',
      '2027-02-28',
      '2027-03-31',
      '2027-04-30',
      '2027-05-31',
      '2027-06-30',
    ]);
    expect(monthlyDate('2028-01-31', 1)).toBe('2028-02-29');
    expect(monthlyDate('2026-12-15', 1)).toBe('2027-01-15');
    expect(monthlyDates('2026-11-30', { endDate: '2027-03-29' })).toEqual([
      '2026-11-30',
      '2026-12-30',
      '2027-01-30',
      '2027-02-28',
    ]);
    expect(monthlyDates('2026-11-30', { endDate: '2026-11-30' })).toEqual(['2026-11-30']);
  });

  it('property: count dates, increasing, one a month, on the anchor day or the month’s last day', () => {
    fc.assert(
      fc.property(day, fc.integer({ min: 1, max: 40 }), (start, count) => {
        const dates = monthlyDates(start, { count });
        if (dates.length !== count || dates[0] !== start) return false;
        const anchor = Number(start.slice(8));
        return dates.every((d, i) => {
          if (i > 0 && !(d > (dates[i - 1] ?? ''))) return false;
          const dom = Number(d.slice(8));
          const lastOfMonth = addDays(d, 1).slice(8) === '01';
          return dom === anchor || (dom < anchor && lastOfMonth);
        });
      }),
    );
  });

  it('property: an end date includes exactly the dates up to it', () => {
    fc.assert(
      fc.property(day, fc.integer({ min: 0, max: 800 }), (start, span) => {
        const end = addDays(start, span);
        const dates = monthlyDates(start, { endDate: end });
        const next = monthlyDate(start, dates.length);
        return dates.every((d) => d <= end) && next > end;
      }),
    );
  });
});
