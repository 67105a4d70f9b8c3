// Time-based one-time codes (RFC 6238): the operators' second factor and the customers' authenticator
// apps (modules/sca) share them.
import { Secret, TOTP } from 'otpauth';

/** RFC 6238 as every authenticator app does it: SHA-1, 6 digits, 30-second steps. */
const PERIOD = 30;
const params = (secret: string) => ({
  secret: Secret.fromBase32(secret),
  algorithm: 'SHA1',
  digits: 6,
  period: PERIOD,
});

/** A fresh random secret (160 bits), base32 — what the operator types or scans into the app. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** The 30-second step number a moment falls in. */
export const totpStep = (at: Date): number => Math.floor(at.getTime() / 1000 / PERIOD);

/** The code an authenticator app shows at `at` (tests and the demo seed use it). */
export const currentTotp = (secret: string, at: Date): string =>
  TOTP.generate({ ...params(secret), timestamp: at.getTime() });

/**
 * The step a code belongs to, within ±1 step of `at` (clock drift), compared in constant time; null
 * when it matches none. The caller refuses a step already used (replay).
 */
export function matchTotpStep(secret: string, code: string, at: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = TOTP.validate({ ...params(secret), token: code, timestamp: at.getTime(), window: 1 });
  return delta === null ? null : totpStep(at) + delta;
}

/** The otpauth:// URI an authenticator app scans. */
export const totpUri = (secret: string, issuer: string, label: string): string =>
  new TOTP({ ...params(secret), issuer, label }).toString();
