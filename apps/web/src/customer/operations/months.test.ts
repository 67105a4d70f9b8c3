import { describe, expect, it } from 'vitest';
import { statementMonthOf } from '@comptoir/core';
import { monthLabel, monthsSince } from './months.ts';

describe('the months of the filter', () => {
  it('runs from the opening month to now, newest first, across a year', () => {
    expect(monthsSince('2024-11-20T10:00:00Z', new Date('2025-02-03T12:00:00Z'))).toEqual([
      '2025-02',
      '2025-01',
      '2024-12',
      '2024-11',
    ]);
  });

  it('reads months in Luxembourg time, not UTC', () => {
    // 31 March 2025, 22:30 UTC is already 1 April in Luxembourg (summer time).
    expect(statementMonthOf(new Date('2025-03-31T22:30:00Z'))).toBe('2025-04');
    expect(statementMonthOf(new Date('2025-12-31T22:59:59Z'))).toBe('2025-12');
    expect(monthsSince('2025-03-31T22:30:00Z', new Date('2025-04-02T00:00:00Z'))).toEqual(['2025-04']);
  });

  it('offers the current month for an opening date it cannot read', () => {
    expect(monthsSince('n’importe quoi', new Date('2025-06-10T00:00:00Z'))).toEqual(['2025-06']);
  });

  it('names months in French', () => {
    expect(monthLabel('2025-03')).toBe('Mars 2025');
    expect(monthLabel('2024-12')).toBe('Décembre 2024');
  });
});
