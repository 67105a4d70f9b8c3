import { describe, expect, it } from 'vitest';
import { creditorIdentity, isCreditorId, normalizeCreditorId } from './creditor-identifier.ts';

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

  it('names the creditor without its business code', () => {
    expect(creditorIdentity('FR72ZZZ123456')).toBe('FR72123456');
    expect(creditorIdentity('fr72 abc 123456')).toBe(creditorIdentity('FR72ZZZ123456'));
  });
});
