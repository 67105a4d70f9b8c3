import { describe, expect, it } from 'vitest';
import { consentExpired, grantedTerms, scaRenewalDue, scaStillValid } from './consent-terms.ts';

const TODAY = '2026-11-30';

describe('the terms of an account-information consent', () => {
  it.each([
    ['a date within a year is kept', { validUntil: '2027-03-01', frequencyPerDay: 4 }, '2027-03-01', 4],
    [
      'a date beyond a year is clipped to 365 days',
      { validUntil: '2028-01-01', frequencyPerDay: 4 },
      '2027-11-30',
      4,
    ],
    [
      'the standard’s "9999-12-31" is clipped too',
      { validUntil: '9999-12-31', frequencyPerDay: 2 },
      '2027-11-30',
      2,
    ],
    ['today itself is allowed', { validUntil: TODAY, frequencyPerDay: 1 }, TODAY, 1],
    [
      'a frequency above 4 is clipped to 4',
      { validUntil: '2027-01-01', frequencyPerDay: 100 },
      '2027-01-01',
      4,
    ],
  ])('recurring: %s', (_case, asked, validUntil, frequencyPerDay) => {
    expect(grantedTerms({ recurring: true, ...asked }, TODAY)).toEqual({
      recurring: true,
      validUntil,
      frequencyPerDay,
    });
  });

  it('a one-off consent allows one unattended access a day', () => {
    expect(grantedTerms({ recurring: false, validUntil: '2026-12-01', frequencyPerDay: 4 }, TODAY)).toEqual({
      recurring: false,
      validUntil: '2026-12-01',
      frequencyPerDay: 1,
    });
  });

  it('a date already past or a frequency below 1 cannot be granted', () => {
    expect(grantedTerms({ recurring: true, validUntil: '2026-11-29', frequencyPerDay: 4 }, TODAY)).toBeNull();
    expect(grantedTerms({ recurring: true, validUntil: '2027-01-01', frequencyPerDay: 0 }, TODAY)).toBeNull();
  });

  it('strong authentication is due again 180 days after the last one, not before', () => {
    const scaAt = new Date('2026-01-01T10:00:00Z');
    expect(scaRenewalDue(scaAt).toISOString()).toBe('2026-06-30T10:00:00.000Z');
    expect(scaStillValid(scaAt, new Date('2026-06-30T09:59:59Z'))).toBe(true);
    expect(scaStillValid(scaAt, new Date('2026-06-30T10:00:00Z'))).toBe(false);
  });

  it('a consent is valid through its last day', () => {
    expect(consentExpired('2026-11-30', '2026-11-30')).toBe(false);
    expect(consentExpired('2026-11-30', '2026-12-01')).toBe(true);
  });
});
