import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, ConfigError } from './config.ts';
import { parseTrustProxy, trustsPeer } from './trust-proxy.ts';
import { makeTestContext, MUTATION, type TestContext } from './testing/test-context.ts';
import { makeCustomer } from './testing/customers.ts';

let production: TestContext;
let behindProxy: TestContext;
beforeAll(async () => {
  // Production mode (SANDBOX=false) with TRUST_PROXY unset: the default is to believe no proxy.
  production = await makeTestContext({ sandbox: false });
  behindProxy = await makeTestContext(
    { sandbox: false, trustProxy: parseTrustProxy('10.0.0.0/8') },
    { db: production.ctx.db },
  );
});
afterAll(async () => {
  await behindProxy.close();
  await production.close();
});

const login = (
  t: TestContext,
  email: string,
  password: string,
  remoteAddress: string,
  forwardedFor: string,
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { ...MUTATION, 'x-forwarded-for': forwardedFor },
    payload: { email, password },
    remoteAddress,
  });

const sessionIp = async (t: TestContext, customerId: string) =>
  (
    await t.ctx.db.query<{ ip: string }>(
      'select ip from customer_sessions where customer_id = $1 order by created_at desc limit 1',
      [customerId],
    )
  ).rows[0]?.ip;

describe('TRUST_PROXY', () => {
  it('parses none, a hop count or a list of addresses and ranges; refuses "true" and garbage', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('127.0.0.1, 10.0.0.0/8,::1')).toEqual(['127.0.0.1', '10.0.0.0/8', '::1']);
    for (const bad of ['true', '10.0.0.0/33', 'proxy.example', '10.0.0.1/8/2', '99']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(ConfigError);
    }
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
  });

  it('in production by default, a forged X-Forwarded-For neither changes the recorded address nor escapes the limit', async () => {
    const c = await makeCustomer(production.ctx);
    const ip = '198.51.100.7';
    const ok = await login(production, c.email, c.password, ip, '203.0.113.99');
    expect(ok.statusCode).toBe(200);
    expect(await sessionIp(production, c.id)).toBe(ip);

    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      statuses.push((await login(production, c.email, 'faux', ip, `203.0.113.${i}`)).statusCode);
    }
    expect(statuses).toContain(429);
    expect((await login(production, c.email, c.password, ip, '192.0.2.1')).statusCode).toBe(429);
  });

  it('believes X-Forwarded-For from a configured proxy only', async () => {
    const viaProxy = await makeCustomer(behindProxy.ctx);
    const login1 = await login(behindProxy, viaProxy.email, viaProxy.password, '10.1.2.3', '192.0.2.44');
    expect(login1.statusCode).toBe(200);
    expect(await sessionIp(behindProxy, viaProxy.id)).toBe('192.0.2.44');

    const direct = await makeCustomer(behindProxy.ctx);
    const login2 = await login(behindProxy, direct.email, direct.password, '198.51.100.8', '192.0.2.45');
    expect(login2.statusCode).toBe(200);
    expect(await sessionIp(behindProxy, direct.id)).toBe('198.51.100.8');
  });
});

describe('trustsPeer: whose forwarded headers are believed', () => {
  it.each([
    [false, '127.0.0.1', false],
    [1, '203.0.113.9', true],
    [['127.0.0.1'], '127.0.0.1', true],
    [['127.0.0.1'], '::ffff:127.0.0.1', true],
    [['127.0.0.1'], '127.0.0.2', false],
    [['10.0.0.0/8'], '10.1.2.3', true],
    [['10.0.0.0/8'], '11.0.0.1', false],
    [['::1'], '::1', true],
    [['::1'], '127.0.0.1', false],
  ] as const)('TRUST_PROXY %j, peer %s: %s', (trust, peer, expected) => {
    expect(trustsPeer(typeof trust === 'object' ? [...trust] : trust, peer)).toBe(expected);
  });
});
