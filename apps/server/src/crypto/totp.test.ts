import { describe, expect, it } from 'vitest';
import { Secret, TOTP } from 'otpauth';
import { currentTotp } from './totp.ts';

describe('TOTP', () => {
  it('currentTotp gives what an authenticator app shows', () => {
    const secret = new Secret({ size: 20 }).base32;
    const at = new Date('2025-03-01T10:00:15Z');
    const expected = new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: at.getTime() });
    expect(currentTotp(secret, at)).toBe(expected);
    expect(currentTotp(secret, at)).toMatch(/^\d{6}$/);
  });
});
