import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Problem } from '@comptoir/contracts';
import { makeTestContext, MUTATION, type TestContext } from '../../testing/test-context.ts';
import { makeCustomer, signIn } from '../../testing/customers.ts';
import { PAYEE_VERIFICATION_LIMIT } from './routes.ts';

let t: TestContext;
beforeAll(async () => {
  t = await makeTestContext();
});
afterAll(() => t.close());

const verify = (cookie: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payee-verification',
    headers: { ...MUTATION, cookie },
    payload: { iban: 'DE55370400440532014000', name: 'Erika Mustermann' },
  });

it('limits Verification of Payee per customer, across their sessions', async () => {
  const prober = await makeCustomer(t.ctx);
  const other = await makeCustomer(t.ctx);
  const first = await signIn(t.app, prober);
  const second = await signIn(t.app, prober);
  for (let i = 0; i < PAYEE_VERIFICATION_LIMIT.max; i++) {
    expect((await verify(i % 2 ? first : second)).statusCode).toBe(200);
  }
  const limited = await verify(second);
  expect(limited.statusCode).toBe(429);
  expect(limited.json<Problem>().code).toBe('rate_limited');
  expect((await verify(await signIn(t.app, other))).statusCode).toBe(200);
});
