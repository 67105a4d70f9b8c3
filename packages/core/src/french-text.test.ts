import { describe, expect, it } from 'vitest';
import { firstOfMonthOrdinal, frenchDateTime, frenchLongDay, ofName } from './french-text.ts';

describe('« de » before a name', () => {
  it('is elided before a vowel, accented or not, capital or not', () => {
    expect(ofName('Energie Verte')).toBe('d’Energie Verte');
    expect(ofName('Énergie Verte')).toBe('d’Énergie Verte');
    expect(ofName('orange')).toBe('d’orange');
    expect(ofName('EDF')).toBe('d’EDF');
  });

  it('stays « de » before a consonant', () => {
    expect(ofName('Telecom Plus')).toBe('de Telecom Plus');
    expect(ofName(' SCI Les Tilleuls ')).toBe('de SCI Les Tilleuls');
  });
});

describe('French dates', () => {
  it('write the first of a month as « 1er », the other days as numbers', () => {
    expect(frenchLongDay('2026-02-01')).toBe('1er février 2026');
    expect(frenchLongDay('2026-02-02')).toBe('2 février 2026');
    expect(frenchLongDay('2026-08-11')).toBe('11 août 2026');
    expect(frenchLongDay('2026-12-21')).toBe('21 décembre 2026');
    expect(frenchLongDay('pas une date')).toBe('');
  });

  it('correct an already formatted date, and only a first of the month', () => {
    expect(firstOfMonthOrdinal('Lundi 1 mars à 14:05')).toBe('Lundi 1er mars à 14:05');
    expect(firstOfMonthOrdinal('1 février 2026')).toBe('1er février 2026');
    expect(firstOfMonthOrdinal('11 mars 2026')).toBe('11 mars 2026');
    expect(firstOfMonthOrdinal('21 mars 2026')).toBe('21 mars 2026');
    expect(firstOfMonthOrdinal('1er mars 2026')).toBe('1er mars 2026');
  });
});

describe('French moments', () => {
  it('write the date and the time in Luxembourg, day first, on 24 hours', () => {
    expect(frenchDateTime(new Date('2026-11-22T19:15:00Z'))).toEqual({ date: '22/11/2026', time: '20:15' });
    // Summer time (UTC+2), and the day already turned in Luxembourg.
    expect(frenchDateTime(new Date('2026-06-30T22:05:00Z'))).toEqual({ date: '01/07/2026', time: '00:05' });
  });
});
