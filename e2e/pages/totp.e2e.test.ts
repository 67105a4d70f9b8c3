import { describe, expect, it } from 'vitest';
import { matchTotpStep, newTotpSecret, totpStep } from '../../apps/server/src/crypto/totp.ts';
import { freshTotpCode } from './totp.ts';

describe('freshTotpCode (the browser tests’ authenticator)', () => {
  it('gives two sign-ins within one step codes the server accepts, in increasing steps, at once', async () => {
    const secret = newTotpSecret();
    // Late in a step: the server checks the codes after the clock has moved to the next one.
    const at = new Date(Math.floor(Date.UTC(2026, 0, 5, 9) / 30_000) * 30_000 + 29_900);
    const started = performance.now();
    const first = await freshTotpCode(secret, at.getTime());
    const second = await freshTotpCode(secret, at.getTime() + 50);
    expect(performance.now() - started).toBeLessThan(1_000);

    const checkedAt = new Date(at.getTime() + 500);
    const steps = [matchTotpStep(secret, first, checkedAt), matchTotpStep(secret, second, checkedAt)];
    expect(steps).toEqual([totpStep(at), totpStep(at) + 1]);
  });

  it('says at once that a third sign-in within the step cannot be accepted', async () => {
    const secret = newTotpSecret();
    const at = Date.UTC(2026, 0, 5, 10);
    await freshTotpCode(secret, at);
    await freshTotpCode(secret, at + 1_000);
    await expect(freshTotpCode(secret, at + 2_000)).rejects.toThrow('Both usable TOTP steps are spent');
    // Once the clock has reached the next step, the one after it is free again.
    expect(matchTotpStep(secret, await freshTotpCode(secret, at + 30_000), new Date(at + 30_000))).toBe(
      totpStep(new Date(at)) + 2,
    );
  });
});
