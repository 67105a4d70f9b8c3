import { describe, expect, it } from 'vitest';
import { formatBirthDate, formatDateTime, formatDay } from './format.ts';

describe('formatDateTime', () => {
  it('« 3 mars 2025 à 14:05 » in French', () => {
    const at = new Date(2025, 2, 3, 14, 5).toISOString();
    expect(formatDateTime(at, "d MMMM yyyy 'à' HH:mm")).toBe('3 mars 2025 à 14:05');
  });

  it('shows the raw text when it is not a date', () => {
    expect(formatDateTime('bientôt', "d MMMM yyyy 'à' HH:mm")).toBe('bientôt');
  });
});

describe('formatBirthDate', () => {
  it('« 12 mars 1990 » from YYYY-MM-DD, whatever the time zone', () => {
    expect(formatBirthDate('1990-03-12')).toBe('12 mars 1990');
    expect(formatBirthDate('2000-01-01')).toBe('1er janvier 2000');
  });

  it('shows the raw text when it is not a date', () => {
    expect(formatBirthDate('1990-13-45')).toBe('1990-13-45');
  });
});

describe('formatDay', () => {
  it('« 1er décembre 2026 » from a day or from a date-time', () => {
    expect(formatDay('2026-12-01')).toBe('1er décembre 2026');
    expect(formatDay(new Date(2026, 10, 26, 9, 30).toISOString())).toBe('26 novembre 2026');
  });
});
