import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RailTestIban } from '@comptoir/contracts';
import { makeTestContext, type TestContext } from '../../testing/test-context.ts';
import { newOperator, signIn, withOperator } from '../operators/__tests__/testing.ts';

let t: TestContext;
beforeAll(async () => {
  t = await makeTestContext({ rateLimits: false });
});
afterAll(() => t.close());

const get = (token?: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/sandbox/rail-test-ibans',
    ...(token ? { cookies: withOperator(token) } : {}),
  });

describe('GET /api/sandbox/rail-test-ibans', () => {
  it('lists the test IBANs with the rejection each triggers, for admin and compliance only', async () => {
    const r = await get(await signIn(t, await newOperator(t, 'compliance')));
    expect(r.statusCode).toBe(200);
    const list = r.json<RailTestIban[]>();
    expect(list).toContainEqual({
      iban: 'DE28370400440532014001',
      holderName: 'Jonas Becker',
      outcome: 'reject',
      reasonCode: 'AC04',
      message: 'Virement refusé : le compte du bénéficiaire est clôturé (AC04)',
    });
    expect(list.map((p) => p.outcome).sort()).toEqual(['reject', 'reject', 'settle', 'timeout']);
    expect((await get(await signIn(t, await newOperator(t, 'support')))).statusCode).toBe(403);
    expect((await get()).statusCode).toBe(401);
  });
});
