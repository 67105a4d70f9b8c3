import { describe, expect, it } from 'vitest';
import {
  creditorIdentity,
  isCreditorId,
  mandateReferenceKey,
  normalizeCreditorId,
} from './creditor-identifier.ts';

describe('SEPA Creditor Identifier', () => {
  it('accepts the examples the national SEPA communities publish', () => {
    for (const ci of [
      'FR72ZZZ123456', // France
      'DE98ZZZ09999999999', // Germany
      'IT66ZZZA1B2C3D4E5F6G7H8', // Italy
      'ES59ZZZX1234567L', // Spain
      'AT61ZZZ01234567890', // Austria
      'BE69ZZZ050D000000008', // Belgium
      'LU27ZZZ0000000000123456789', // Luxembourg
    ]) {
      expect(isCreditorId(ci), ci).toBe(true);
    }
  });

  it('accepts spaces and lower case, as printed on a mandate', () => {
    expect(isCreditorId('fr72 zzz 123456')).toBe(true);
    expect(normalizeCreditorId(' fr72 zzz 123456 ')).toBe('FR72ZZZ123456');
  });

  it('computes the check digits without the business code: any code keeps them valid', () => {
    expect(isCreditorId('FR72ABC123456')).toBe(true);
    expect(isCreditorId('DE9800109999999999')).toBe(true);
  });

  it('refuses a wrong check digit or a changed national identifier', () => {
    expect(isCreditorId('FR73ZZZ123456')).toBe(false);
    expect(isCreditorId('FR72ZZZ123457')).toBe(false);
    expect(isCreditorId('DE98ZZZ09999999998')).toBe(false);
  });

  it('refuses what is not shaped as a CI', () => {
    for (const ci of [
      '',
      'FR72ZZZ',
      '7272ZZZ123456',
      'FRAAZZZ123456',
      'FR72ZZZ12345-6',
      `FR72ZZZ${'1'.repeat(29)}`,
    ]) {
      expect(isCreditorId(ci), ci).toBe(false);
    }
  });

  it('refuses the second spelling mod 97-10 allows: check digits 00, 01 and 99 stand for 97, 98 and 02', () => {
    for (const [proper, other] of [
      ['FR98ZZZ100096', 'FR01ZZZ100096'],
      ['FR97ZZZ100017', 'FR00ZZZ100017'],
      ['FR02ZZZ100078', 'FR99ZZZ100078'],
      ['DE98ZZZ09999999999', 'DE01ZZZ09999999999'],
    ] as const) {
      expect(isCreditorId(proper), proper).toBe(true);
      expect(isCreditorId(other), other).toBe(false);
    }
  });

  it('names the creditor by country and national identifier, without check digits nor business code', () => {
    expect(creditorIdentity('FR72ZZZ123456')).toBe('FR123456');
    expect(creditorIdentity('fr72 abc 123456')).toBe(creditorIdentity('FR72ZZZ123456'));
    // What mod 97-10 alone would let through names the same creditor all the same.
    expect(creditorIdentity('FR01ZZZ100096')).toBe(creditorIdentity('FR98ZZZ100096'));
    expect(creditorIdentity('DE98ZZZ09999999999')).not.toBe(creditorIdentity('FR98ZZZ09999999999'));
  });

  it('matches mandate references trimmed and whatever their case', () => {
    expect(mandateReferenceKey(' abc-2024-01 ')).toBe(mandateReferenceKey('ABC-2024-01'));
    expect(mandateReferenceKey('ABC 1')).not.toBe(mandateReferenceKey('ABC1'));
  });
});
