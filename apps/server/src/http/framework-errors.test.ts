import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Problem } from '@comptoir/contracts';
import { makeTestContext, type TestContext } from '../testing/test-context.ts';

let t: TestContext;
beforeAll(async () => {
  t = await makeTestContext();
});
afterAll(async () => {
  await t.close();
});

describe('errors raised before any route runs', () => {
  it('answer problem JSON: malformed percent-encoding and an over-long path parameter', async () => {
    for (const url of [
      '/api/accounts/%zz/transactions',
      '/api/backoffice/customers/%C0%AF',
      `/api/accounts/${'x'.repeat(120)}/rib.pdf`,
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(Problem.parse(res.json())).toMatchObject({ code: 'validation_failed', status: 400 });
    }
  });
});
