import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Problem } from '@comptoir/contracts';
import { makeTestContext, MUTATION, type TestContext } from '../../testing/test-context.ts';
import { makeCustomer } from '../../testing/customers.ts';
import { newOperator, signIn, withOperator } from '../operators/__tests__/testing.ts';
import { BANK_MESSAGE_LIMIT } from './backoffice-routes.ts';

let t: TestContext;
beforeAll(async () => {
  t = await makeTestContext();
});
afterAll(() => t.close());

it('limits the messages one operator writes, not the other operators', async () => {
  const customer = await makeCustomer(t.ctx);
  const write = (token: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/backoffice/customers/${customer.id}/messages`,
      headers: MUTATION,
      cookies: withOperator(token),
      payload: { body: 'Bonjour' },
    });
  const busy = await signIn(t, await newOperator(t, 'support'));
  for (let i = 0; i < BANK_MESSAGE_LIMIT.max; i++) expect((await write(busy)).statusCode).toBe(201);
  const limited = await write(busy);
  expect(limited.statusCode).toBe(429);
  expect(limited.json<Problem>().code).toBe('rate_limited');
  expect((await write(await signIn(t, await newOperator(t, 'support')))).statusCode).toBe(201);
});
