import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatIban, isIban, luxembourgIban, maskIban } from './iban.ts';

describe('iban', () => {
  it('builds valid Luxembourg IBANs from the bank code', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 9_999_999_999_999n }), (n) => {
        const iban = luxembourgIban('001', n);
        expect(iban).toMatch(/^LU\d{2}001\d{13}$/);
        expect(isIban(iban)).toBe(true);
      }),
    );
  });

  it('matches a known LU example', () => {
    expect(luxembourgIban('001', 9400644750000n)).toBe('LU280019400644750000');
  });

  it('rejects a wrong check digit and formats in groups of four', () => {
    expect(isIban('LU290019400644750000')).toBe(false);
    expect(formatIban('lu280019400644750000')).toBe('LU28 0019 4006 4475 0000');
    expect(maskIban('LU280019400644750000')).toBe('LU28••••••••••••0000');
  });
});
