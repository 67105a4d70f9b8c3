import * as OTPAuth from 'otpauth';

const PERIOD_MS = 30_000;

/**
 * Several authenticator apps of one customer. The server accepts a code of the current step or the
 * next one, never a step at or below the last one a factor used: each app gives a fresh code at
 * once for the next step, so a test confirming several payments quickly takes them from different
 * apps, and waits for the clock only when every app has spent both usable steps.
 */
export class TotpWallet {
  private readonly apps: { totp: OTPAuth.TOTP; lastStep: number }[] = [];

  /** A newly confirmed app; `confirmedStep` is the step its confirmation code used. */
  add(secret: string, confirmedStep: number): void {
    this.apps.push({
      totp: new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }),
      lastStep: confirmedStep,
    });
  }

  static currentStep(now = Date.now()): number {
    return Math.floor(now / PERIOD_MS);
  }

  static codeAt(secret: string, step: number): string {
    return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate({
      timestamp: step * PERIOD_MS,
    });
  }

  /** A code the server has not seen yet (waiting for the next step only if all are spent). */
  async code(): Promise<string> {
    for (;;) {
      const current = TotpWallet.currentStep();
      for (const app of this.apps) {
        const step = Math.max(current, app.lastStep + 1);
        if (step <= current + 1) {
          app.lastStep = step;
          return app.totp.generate({ timestamp: step * PERIOD_MS });
        }
      }
      const next = (current + 1) * PERIOD_MS;
      await new Promise((resolve) => setTimeout(resolve, Math.max(50, next - Date.now() + 50)));
    }
  }
}
