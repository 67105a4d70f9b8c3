import { describe, expect, it } from 'vitest';
import {
  addMonths,
  luxembourgDate,
  statementMonthOf,
  statementMonths,
  statementPeriod,
} from './statement-period.ts';

describe('statement periods in Luxembourg time', () => {
  it('starts and ends months at local midnight, in winter and in summer time', () => {
    expect(statementPeriod('2026-01')).toEqual({
      start: new Date('2025-12-31T23:00:00.000Z'),
      end: new Date('2026-01-31T23:00:00.000Z'),
    });
    // The clocks go forward on 29 March 2026: the month starts at UTC+1 and ends at UTC+2.
    expect(statementPeriod('2026-03')).toEqual({
      start: new Date('2026-02-28T23:00:00.000Z'),
      end: new Date('2026-03-31T22:00:00.000Z'),
    });
    // And back on 25 October 2026.
    expect(statementPeriod('2026-10')).toEqual({
      start: new Date('2026-09-30T22:00:00.000Z'),
      end: new Date('2026-10-31T23:00:00.000Z'),
    });
    expect(statementPeriod('2025-12')?.end).toEqual(new Date('2025-12-31T23:00:00.000Z'));
  });

  it('puts 23:59:59.999 on the last evening in the month and 00:00 the next day in the next one', () => {
    expect(statementMonthOf(new Date('2026-03-31T21:59:59.999Z'))).toBe('2026-03');
    expect(statementMonthOf(new Date('2026-03-31T22:00:00.000Z'))).toBe('2026-04');
    expect(statementMonthOf(new Date('2026-02-28T22:59:59.999Z'))).toBe('2026-02');
    expect(statementMonthOf(new Date('2026-02-28T23:00:00.000Z'))).toBe('2026-03');
    expect(luxembourgDate(new Date('2026-03-31T22:00:00.000Z'))).toBe('2026-04-01');
  });

  it('refuses malformed months', () => {
    for (const month of ['2026-13', '2026-00', '2026-3', '26-03', '', '2026-03-01'])
      expect(statementPeriod(month)).toBeNull();
  });

  it('lists every month from the opening to now, newest first', () => {
    expect(statementMonths(new Date('2025-11-30T23:30:00Z'), new Date('2026-02-10T12:00:00Z'))).toEqual([
      '2026-02',
      '2026-01',
      '2025-12',
    ]);
    expect(statementMonths(new Date('2026-02-01T00:00:00Z'), new Date('2026-02-10T12:00:00Z'))).toEqual([
      '2026-02',
    ]);
  });

  it('shifts months across years both ways', () => {
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(addMonths('2025-12', 1)).toBe('2026-01');
    expect(addMonths('2026-03', -5)).toBe('2025-10');
    expect(addMonths('2026-03', 0)).toBe('2026-03');
  });
});
