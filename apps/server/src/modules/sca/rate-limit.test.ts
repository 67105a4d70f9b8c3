import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeTestContext, type TestContext } from '../../testing/test-context.ts';
import { makeCustomer, signIn } from '../../testing/customers.ts';
import { call } from './__tests__/helpers.ts';
import { enrolTotpFactor } from '../../testing/second-factor.ts';

// The verification limit counts per session, not per address: customers behind one address (a
// company's network, a carrier's NAT) do not use up each other's attempts.
let t: TestContext;
beforeAll(async () => {
  t = await makeTestContext({ rateLimits: true });
});
afterAll(() => t.close());

const verifyOnce = (cookie: string) =>
  call(t.app, 'POST', '/api/sca/challenges/00000000-0000-4000-8000-000000000000/verify', cookie, {
    code: '000000',
  });

it('31 verifications in a minute from one session → 429; another session on the same address goes on', async () => {
  const first = await signIn(t.app, await makeCustomer(t.ctx));
  const second = await signIn(t.app, await makeCustomer(t.ctx));
  await enrolTotpFactor(t.app, t.clock, first);
  const statuses: number[] = [];
  for (let i = 0; i < 31; i++) statuses.push((await verifyOnce(first)).statusCode);
  expect(statuses.slice(0, 30)).not.toContain(429);
  expect(statuses[30]).toBe(429);
  expect((await verifyOnce(second)).statusCode).not.toBe(429);
});
