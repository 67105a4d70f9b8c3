import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorDetail } from '@comptoir/contracts';
import { makeTestContext, MUTATION, type TestContext } from '../testing/test-context.ts';
import { makeCustomer, signIn as signInCustomer } from '../testing/customers.ts';
import {
  newOperator,
  signIn as signInOperator,
  withOperator,
} from '../modules/operators/__tests__/testing.ts';
import { hasNonIntegerNumber } from './json-body.ts';

describe('hasNonIntegerNumber', () => {
  it('finds numbers written with a decimal part or an exponent, outside strings only', () => {
    expect(hasNonIntegerNumber('{"amount":100}')).toBe(false);
    expect(hasNonIntegerNumber('{"amount":-100,"list":[1,2]}')).toBe(false);
    expect(hasNonIntegerNumber('{"reference":"1.5 e 1e2 \\" 3.0"}')).toBe(false);
    expect(hasNonIntegerNumber('{"ok":true,"no":false,"x":null}')).toBe(false);
    expect(hasNonIntegerNumber('{"amount":100.0}')).toBe(true);
    expect(hasNonIntegerNumber('{"amount":1e2}')).toBe(true);
    expect(hasNonIntegerNumber('{"amount":1E+2}')).toBe(true);
    expect(hasNonIntegerNumber('[0.5]')).toBe(true);
    expect(hasNonIntegerNumber('{"a":"\\\\","amount":2.50}')).toBe(true);
  });
});

describe('an amount in a request body', () => {
  let t: TestContext;
  let iban: string;
  let operator: Record<string, string>;
  let key = 0;

  beforeAll(async () => {
    t = await makeTestContext({ rateLimits: false });
    const cookie = await signInCustomer(t.app, await makeCustomer(t.ctx));
    iban = (await t.app.inject({ url: '/api/accounts', headers: { cookie } })).json<{ iban: string }[]>()[0]!
      .iban;
    operator = withOperator(await signInOperator(t, await newOperator(t, 'admin')));
  });

  afterAll(async () => {
    await t.close();
  });

  const transfer = (amount: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/sandbox/incoming-transfers',
      headers: { ...MUTATION, 'idempotency-key': `json-body-${key++}-${Date.now()}` },
      cookies: operator,
      payload: `{"iban":"${iban}","amount":${amount},"debtorName":"Jean Dupont","debtorIban":"FR7630006000011234567890189"}`,
    });

  it('is accepted as a JSON integer', async () => {
    expect((await transfer('100')).statusCode).toBe(201);
  });

  it('is refused with a French reason when written 100.0, 1e2 or 1.5', async () => {
    for (const amount of ['100.0', '1e2', '1E2', '10000e-2', '1.5']) {
      const res = await transfer(amount);
      expect(res.statusCode, amount).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'non_integer_number',
        detail: errorDetail('non_integer_number'),
      });
    }
  });

  it('keeps refusing broken JSON and prototype poisoning as before', async () => {
    const send = (payload: string) =>
      t.app.inject({ method: 'POST', url: '/api/contact', headers: MUTATION, payload });
    expect((await send('{"name":')).statusCode).toBe(400);
    expect((await send('{"__proto__":{"x":1}}')).statusCode).toBe(400);
    expect((await send('')).statusCode).toBe(400);
  });
});
