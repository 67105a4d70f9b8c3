import * as OTPAuth from 'otpauth';

const PERIOD_MS = 30_000;
/** The last step used, per operator's secret: the server refuses replays per operator. */
const lastSteps = new Map<string, number>();

/**
 * A TOTP code the server has not seen yet, computed for an explicit step, without waiting for the
 * clock. The server accepts the step before, the current one and the one after, and refuses a step
 * not above the last one used (replay). So a sign-in takes the current step, or the one after when
 * the current one is spent; the step before is never used, since the clock may leave its window
 * before the server checks it. A third sign-in of the same operator within a step cannot be accepted:
 * that is said at once, not waited out.
 */
export async function freshTotpCode(secret: string, now = Date.now()): Promise<string> {
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) });
  const current = Math.floor(now / PERIOD_MS);
  const step = Math.max(current, (lastSteps.get(secret) ?? 0) + 1);
  if (step > current + 1) {
    throw new Error('Both usable TOTP steps are spent: sign in with another operator, not a third time.');
  }
  lastSteps.set(secret, step);
  return totp.generate({ timestamp: step * PERIOD_MS });
}
