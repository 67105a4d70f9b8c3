import * as OTPAuth from 'otpauth';

const PERIOD_MS = 30_000;
/** The previous step is used only with this much of the current one left (the server accepts ±1). */
const MARGIN_MS = 12_000;

/**
 * A customer's authenticator app for a browser test that needs a few codes in a row: each code is
 * of a step above the last one used (the server refuses a step twice), starting with the previous
 * step while it is safely accepted, so three codes are there at once instead of one every 30 s.
 * Computed for explicit steps, never waited for — but for the few seconds before a step boundary.
 */
export class CustomerTotp {
  private readonly totp: OTPAuth.TOTP;
  private lastStep = 0;

  constructor(secret: string) {
    this.totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) });
  }

  async next(): Promise<string> {
    let now = Date.now();
    const leftInStep = PERIOD_MS - (now % PERIOD_MS);
    if (this.lastStep === 0 && leftInStep < MARGIN_MS) {
      // Too close to the boundary to use the previous step: start in the next one.
      await new Promise((resolve) => setTimeout(resolve, leftInStep + 200));
      now = Date.now();
    }
    const current = Math.floor(now / PERIOD_MS);
    // Later codes: the next step, or the current one when the clock has gone past it.
    const step = this.lastStep === 0 ? current - 1 : Math.max(this.lastStep + 1, current);
    if (step > current + 1) throw new Error('No unused TOTP step is accepted now: use fewer codes.');
    this.lastStep = step;
    return this.totp.generate({ timestamp: step * PERIOD_MS });
  }
}
