import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestContext, openOwnTestDb, type TestContext } from '../../testing/test-context.ts';
import { askAuthentication, exemptionCounters, holder, pay, SANDBOX_KEY } from './__tests__/helpers.ts';

// Payments racing for the last of a card's low-value exemption (≤ 100 € and 5 payments since the last
// strong authentication): the counters move under the card's row lock, so two requests can never
// both take the last of it; nor can two payments both use one authentication value. On PostgreSQL
// with a pool of 16 connections when DATABASE_URL is set; on PGlite the same assertions hold for
// requests queued on one connection.
let t: TestContext;
beforeAll(async () => {
  t = await makeTestContext(
    { rateLimits: false, sandboxApiKey: SANDBOX_KEY },
    { db: await openOwnTestDb(16) },
  );
});
afterAll(async () => {
  await t.close();
  await t.ctx.db.close();
});

const online = (card: Awaited<ReturnType<typeof holder>>, amount: number) =>
  pay(t, card, { amount, merchant: 'Course' });

describe('the low-value exemption under concurrent payments', () => {
  it('splits the last 100 € exactly: 20 payments of 30 € at once, 3 approved', async () => {
    const card = await holder(t);
    const results = await Promise.all(Array.from({ length: 20 }, () => online(card, 3_000)));
    expect(results.filter((r) => r.approved)).toHaveLength(3);
    expect(new Set(results.filter((r) => !r.approved).map((r) => r.reason))).toEqual(
      new Set(['authentication_required']),
    );
    expect(await exemptionCounters(t, card)).toEqual({ amount: 9_000, count: 3 });
  }, 60_000);

  it('splits the last of the count between authorisations and frictionless 3-D Secure answers: 5 in all', async () => {
    const card = await holder(t);
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        i % 2 === 0
          ? online(card, 100).then((r) => r.approved)
          : askAuthentication(t, card, { amount: 100, merchant: 'Course' }).then(
              (r) => r.status === 'frictionless',
            ),
      ),
    );
    expect(results.filter(Boolean)).toHaveLength(5);
    expect(await exemptionCounters(t, card)).toEqual({ amount: 500, count: 5 });
  }, 60_000);

  it('lets one authentication value pay once, however many payments race with it', async () => {
    const card = await holder(t);
    const { authenticationValue } = await askAuthentication(t, card, { amount: 2_000, merchant: 'Course' });
    expect(authenticationValue).toEqual(expect.any(String));
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        pay(t, card, { amount: 5_000, merchant: 'Course', authenticationValue }),
      ),
    );
    expect(results.filter((r) => r.approved)).toHaveLength(0); // above the authenticated amount
    const same = await Promise.all(
      Array.from({ length: 10 }, () =>
        pay(t, card, { amount: 2_000, merchant: 'Course', authenticationValue }),
      ),
    );
    expect(same.filter((r) => r.approved)).toHaveLength(1);
  }, 60_000);
});
