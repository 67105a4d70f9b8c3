import { describe, expect, it } from 'vitest';
import { isUuid } from './uuid.ts';

describe('isUuid', () => {
  it('takes the 8-4-4-4-12 hexadecimal form, in any case', () => {
    expect(isUuid('0b6f2c1e-7a4d-4c39-9d0e-5f1a2b3c4d5e')).toBe(true);
    expect(isUuid('0B6F2C1E-7A4D-4C39-9D0E-5F1A2B3C4D5E')).toBe(true);
  });

  it('refuses anything else: a missing group, a stray character, surrounding text, an empty text', () => {
    expect(isUuid('0b6f2c1e-7a4d-4c39-9d0e')).toBe(false);
    expect(isUuid('0b6f2c1e-7a4d-4c39-9d0e-5f1a2b3c4d5g')).toBe(false);
    expect(isUuid(' 0b6f2c1e-7a4d-4c39-9d0e-5f1a2b3c4d5e')).toBe(false);
    expect(isUuid('0b6f2c1e-7a4d-4c39-9d0e-5f1a2b3c4d5e\n')).toBe(false);
    expect(isUuid('')).toBe(false);
  });
});
