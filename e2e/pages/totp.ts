import * as OTPAuth from 'otpauth';

const PERIOD_MS = 30_000;
let lastStep = 0;

/**
 * A TOTP code the server has not seen yet. It refuses a 30-second step already used (replay) and
 * accepts ±1 step, so each login takes the next unused step — the current one or the one after —
 * and only when both are used does it wait for the clock to reach the next step.
 */
export async function freshTotpCode(secret: string): Promise<string> {
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) });
  for (;;) {
    const now = Date.now();
    const current = Math.floor(now / PERIOD_MS);
    const step = Math.max(current, lastStep + 1);
    if (step <= current + 1) {
      lastStep = step;
      return totp.generate({ timestamp: step * PERIOD_MS + 1000 });
    }
    // Both usable steps are spent: the condition to wait for is the next step of the clock.
    await new Promise((resolve) => setTimeout(resolve, (current + 1) * PERIOD_MS - now + 50));
  }
}
