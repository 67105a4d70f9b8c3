import { describe, expect, it } from 'vitest';
import fr from '../../i18n/fr/transfers.json';
import { isIsoDate, longDay, parisToday, repeatText } from './transfer-dates.ts';

describe('parisToday', () => {
  it('is the bank’s day in Europe/Paris, not UTC’s', () => {
    expect(parisToday(new Date('2026-11-22T22:59:00Z'))).toBe('2026-11-22');
    expect(parisToday(new Date('2026-11-22T23:00:00Z'))).toBe('2026-11-23');
    // Summer time: UTC+2.
    expect(parisToday(new Date('2026-06-30T21:59:00Z'))).toBe('2026-06-30');
    expect(parisToday(new Date('2026-06-30T22:00:00Z'))).toBe('2026-07-01');
  });
});

describe('isIsoDate', () => {
  it('accepts real days only', () => {
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2027-02-29')).toBe(false);
    expect(isIsoDate('2026-13-01')).toBe(false);
    expect(isIsoDate('2026-1-01')).toBe(false);
    expect(isIsoDate('')).toBe(false);
  });
});

describe('repeatText', () => {
  const say = (repeat: Parameters<typeof repeatText>[0]) => {
    const text = repeatText(repeat);
    if (!text) return null;
    const key = text.key.split('.').at(-1) as 'until' | 'count';
    return Object.entries(text.values).reduce(
      (sentence, [name, value]) => sentence.replace(`{{${name}}}`, String(value)),
      fr.transfers.repeat[key],
    );
  };

  it('« Tous les mois, jusqu’au … » or « Tous les mois, n fois »', () => {
    expect(say({ frequency: 'monthly', endDate: '2027-03-31' })).toBe('Tous les mois, jusqu’au 31 mars 2027');
    expect(say({ frequency: 'monthly', count: 6 })).toBe('Tous les mois, 6 fois');
    expect(say(null)).toBeNull();
  });

  it('writes a day in French', () => {
    expect(longDay('2026-12-01')).toBe('1er décembre 2026');
    expect(longDay('2026-02-01')).toBe('1er février 2026');
    expect(longDay('2026-02-02')).toBe('2 février 2026');
    expect(longDay('nope')).toBe('');
  });
});
