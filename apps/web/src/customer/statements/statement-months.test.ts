import { describe, expect, it } from 'vitest';
import { availableMonths, monthTitle } from './statement-months.ts';

describe('statement months on screen', () => {
  it('names a month in French with a capital', () => {
    expect(monthTitle('2026-03')).toBe('Mars 2026');
    expect(monthTitle('2025-12')).toBe('Décembre 2025');
  });

  it('lists the months since the opening, newest first, in Luxembourg time', () => {
    // Opened at 00:30 on 1 December in Luxembourg (still 30 November in UTC).
    expect(availableMonths('2025-11-30T23:30:00Z', new Date('2026-02-10T12:00:00Z'))).toEqual({
      months: ['2026-02', '2026-01', '2025-12'],
      current: '2026-02',
    });
    expect(availableMonths('not a date', new Date()).months).toEqual([]);
  });
});
