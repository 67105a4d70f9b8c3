import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import fr from '../i18n/fr.json';
import { KIND_LABEL, operationDateLine, rejectedLine } from './operation-labels.ts';

// Local times, so the line reads the same in any time zone.
const iso = (...parts: [number, number, number, number, number]) => new Date(...parts).toISOString();

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2025, 5, 15, 12, 0));
});
afterEach(() => {
  vi.useRealTimers();
});

describe('operationDateLine', () => {
  it('« Lundi 3 mars à 14:05 » this year: capitalised, no year', () => {
    expect(operationDateLine(iso(2025, 2, 3, 14, 5))).toBe('Lundi 3 mars à 14:05');
  });

  it('writes the first of a month « 1er »', () => {
    expect(operationDateLine(iso(2025, 5, 1, 9, 0))).toBe('Dimanche 1er juin à 09:00');
  });

  it('gives the year for another year', () => {
    expect(operationDateLine(iso(2024, 11, 31, 23, 59))).toBe('Mardi 31 décembre 2024 à 23:59');
  });

  it('is empty for a date it cannot read', () => {
    expect(operationDateLine('pas une date')).toBe('');
  });
});

describe('KIND_LABEL', () => {
  it('names every kind of operation with a French label of fr.json', () => {
    const labels = Object.values(KIND_LABEL).map((key) => {
      const [, , kind] = key.split('.');
      return fr.operations.kind[kind as keyof typeof fr.operations.kind];
    });
    expect(labels).toEqual(['Virement', 'Carte', 'Prélèvement', 'Régularisation', 'Virement interne']);
  });
});

describe('rejectedLine', () => {
  it('says « Rejeté » with the other bank’s reason in French', () => {
    expect(rejectedLine('Virement refusé : le compte du bénéficiaire est clôturé (AC04)')).toBe(
      'Rejeté : le compte du bénéficiaire est clôturé (AC04)',
    );
    expect(rejectedLine("Virement refusé : la banque du bénéficiaire n'a pas répondu")).toBe(
      "Rejeté : la banque du bénéficiaire n'a pas répondu",
    );
    expect(rejectedLine('Virement refusé par le bénéficiaire (MS02)')).toBe(
      'Rejeté par le bénéficiaire (MS02)',
    );
    expect(rejectedLine('Refus réglementaire')).toBe('Rejeté : Refus réglementaire');
  });
});
