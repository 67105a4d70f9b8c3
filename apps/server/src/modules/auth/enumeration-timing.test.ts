import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestContext, uniqueEmail, type TestContext } from '../../testing/test-context.ts';
import { compareTimings, timePairs } from '../../testing/timing-stats.ts';
import { loginRequest, makeCustomer } from '../../testing/customers.ts';
import { post } from './__tests__/helpers.ts';

/**
 * Whether an address has an account must not show in how long the answer takes. Many interleaved
 * requests of each kind, then the two distributions are compared: the best single-request guess
 * (a threshold on the duration) must stay close to a coin toss. With 200 of each, chance alone
 * reaches 60 % about once in a thousand runs.
 */
const ROUNDS = 200;
const MAX_BEST_GUESS = 0.6;

let t: TestContext;
beforeAll(async () => {
  t = await makeTestContext({ rateLimits: false });
});
afterAll(async () => t.close());

const figures = (name: string, c: ReturnType<typeof compareTimings>) =>
  `${name}: median ${c.medianA.toFixed(2)} ms (known) vs ${c.medianB.toFixed(2)} ms (unknown), ` +
  `KS ${c.ks.toFixed(3)}, best single guess ${(c.bestGuess * 100).toFixed(1)} %`;

describe('account enumeration by timing', () => {
  it('a wrong password on an account and an unknown address take the same time to log in', async () => {
    const c = await makeCustomer(t.ctx);
    const warm = () => loginRequest(t.app, uniqueEmail('inconnu'), 'pas-le-bon-mot-de-passe');
    for (let i = 0; i < 10; i++) await warm();

    const { a, b } = await timePairs(
      ROUNDS,
      async () =>
        expect((await loginRequest(t.app, c.email, 'pas-le-bon-mot-de-passe')).statusCode).toBe(401),
      async () =>
        expect(
          (await loginRequest(t.app, uniqueEmail('inconnu'), 'pas-le-bon-mot-de-passe')).statusCode,
        ).toBe(401),
      // Untimed: keeps the account short of the 5-failure lock.
      { between: () => t.ctx.db.query('update customers set failed_logins = 0 where id = $1', [c.id]) },
    );
    const result = compareTimings(a, b);
    console.info(figures('login', result));
    expect(result.bestGuess, figures('login', result)).toBeLessThan(MAX_BEST_GUESS);
  });

  it('a reset request for an account and for an unknown address take the same time', async () => {
    const c = await makeCustomer(t.ctx);
    const used = [c.email];
    const reset = (email: string) => {
      used.push(email);
      return post(t.app, '/api/auth/password-reset', { email });
    };
    for (let i = 0; i < 10; i++) await reset(uniqueEmail('inconnu'));

    const { a, b } = await timePairs(
      ROUNDS,
      async () => expect((await reset(c.email)).statusCode).toBe(202),
      async () => expect((await reset(uniqueEmail('inconnu'))).statusCode).toBe(202),
      // Untimed: an hour passes, so every request for the account is within its mail limit.
      { between: async () => t.clock.advance(61 * 60_000) },
    );
    // The measured requests are not mailed: leave no queue behind for other files on the database.
    await t.ctx.db.query('delete from password_reset_requests where email = any($1::text[])', [
      used.map((email) => email.toLowerCase()),
    ]);
    const result = compareTimings(a, b);
    console.info(figures('password reset', result));
    expect(result.bestGuess, figures('password reset', result)).toBeLessThan(MAX_BEST_GUESS);
  });
});
