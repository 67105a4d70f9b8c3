import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestContext, MUTATION, uniqueEmail, type TestContext } from '../../testing/test-context.ts';
import { loginRequest, makeCustomer } from '../../testing/customers.ts';

let limited: TestContext;
let relaxed: TestContext;
beforeAll(async () => {
  limited = await makeTestContext();
  relaxed = await makeTestContext({ rateLimits: false }, { db: limited.ctx.db });
});
afterAll(async () => {
  await relaxed.close();
  await limited.close();
});

const reset = (t: TestContext, email: string, remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/password-reset',
    headers: MUTATION,
    payload: { email },
    remoteAddress,
  });

describe('per-IP rate limits', () => {
  it('login: 30 attempts a minute per IP, then 429 rate_limited problem JSON', async () => {
    const c = await makeCustomer(limited.ctx);
    const ip = '203.0.113.10';
    const statuses = await Promise.all(
      Array.from({ length: 30 }, (_, i) => loginRequest(limited.app, `absent.${i}.${c.email}`, 'faux', ip)),
    );
    expect(statuses.every((r) => r.statusCode === 401)).toBe(true);

    const blocked = await loginRequest(limited.app, c.email, c.password, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(blocked.json()).toMatchObject({ code: 'rate_limited', status: 429 });
    expect(blocked.json().detail).toMatch(/Trop de tentatives/);
    expect(blocked.headers['retry-after']).toBeDefined();
    expect(blocked.json().retryAfterSeconds).toBeGreaterThan(0);

    // Another address is not affected.
    expect((await loginRequest(limited.app, c.email, c.password, '203.0.113.11')).statusCode).toBe(200);
  });

  it('password reset: 5 requests per 15 minutes per IP', async () => {
    const ip = '203.0.113.20';
    for (let i = 0; i < 5; i++) expect((await reset(limited, uniqueEmail(), ip)).statusCode).toBe(202);
    const blocked = await reset(limited, uniqueEmail(), ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe('rate_limited');
  });

  it('is off when the configuration says so (tests that are not about limits)', async () => {
    const ip = '203.0.113.30';
    for (let i = 0; i < 8; i++) expect((await reset(relaxed, uniqueEmail(), ip)).statusCode).toBe(202);
  });
});
