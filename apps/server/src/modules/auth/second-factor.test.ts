import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestContext, type TestContext } from '../../testing/test-context.ts';
import { currentTotp } from '../../crypto/totp.ts';
import { customerCall as call } from '../../testing/customer-call.ts';
import { enrolTotpFactor, nextCode } from '../../testing/second-factor.ts';
import { loginRequest, makeCustomer, sessionCookie, signIn } from '../../testing/customers.ts';

let t: TestContext;
beforeAll(async () => {
  t = await makeTestContext({ rateLimits: false });
});
afterAll(() => t.close());

async function customerWithApp() {
  const customer = await makeCustomer(t.ctx);
  const cookie = await signIn(t.app, customer);
  const { secret } = await enrolTotpFactor(t.app, t.clock, cookie);
  await call(t.app, 'POST', '/api/auth/logout', cookie);
  return { customer, secret };
}

async function passwordStep(customer: { email: string; password: string }) {
  const res = await loginRequest(t.app, customer.email, customer.password);
  expect(res.statusCode).toBe(200);
  return { body: res.json<Record<string, unknown>>(), cookie: sessionCookie(res) };
}

describe('login second factor', () => {
  it('a customer without a factor is signed in at once, and told so by secondFactors: 0', async () => {
    const customer = await makeCustomer(t.ctx);
    const res = await loginRequest(t.app, customer.email, customer.password);
    expect(res.json()).toMatchObject({ me: { email: customer.email, secondFactors: 0 } });
  });

  it('asks for the code after the password; until then only the second step and logout accept the session', async () => {
    const { customer, secret } = await customerWithApp();
    const { body, cookie } = await passwordStep(customer);
    expect(body).toEqual({ secondFactor: { methods: ['totp'] } });

    for (const [method, url, payload] of [
      ['GET', '/api/me', undefined],
      ['GET', '/api/accounts', undefined],
      ['GET', '/api/sca/factors', undefined],
      ['POST', '/api/sca/totp/enroll', undefined],
      ['POST', '/api/sca/challenges', { action: 'beneficiary', details: { iban: 'LU280019400644750000' } }],
      ['GET', '/api/events', undefined],
    ] as const) {
      const res = await call(t.app, method, url, cookie, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json<{ code: string }>().code, `${method} ${url}`).toBe('second_factor_required');
    }

    const step = await call(t.app, 'POST', '/api/auth/login/second-factor', cookie, {
      code: nextCode(t.clock, secret),
    });
    expect(step.statusCode).toBe(200);
    expect(step.json()).toMatchObject({ me: { email: customer.email, secondFactors: 1 } });
    expect((await call(t.app, 'GET', '/api/accounts', cookie)).statusCode).toBe(200);
    // Once promoted, the second step is over.
    const again = await call(t.app, 'POST', '/api/auth/login/second-factor', cookie, {
      code: nextCode(t.clock, secret),
    });
    expect(again.statusCode).toBe(409);
  });

  it('refuses a code already used, and a session that did not give the password', async () => {
    const { customer, secret } = await customerWithApp();
    const code = nextCode(t.clock, secret);
    const first = await passwordStep(customer);
    expect(
      (await call(t.app, 'POST', '/api/auth/login/second-factor', first.cookie, { code })).statusCode,
    ).toBe(200);
    const second = await passwordStep(customer);
    const replay = await call(t.app, 'POST', '/api/auth/login/second-factor', second.cookie, { code });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ code: 'invalid_second_factor' });

    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login/second-factor',
      headers: { 'x-requested-with': 'comptoir', 'content-type': 'application/json' },
      payload: { code: currentTotp(secret, t.clock.now()) },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('wrong codes at login and in payment confirmations count together towards the SCA lock', async () => {
    const { customer, secret } = await customerWithApp();
    const right = nextCode(t.clock, secret);
    const wrong = right === '111111' ? '222222' : '111111';
    const first = await passwordStep(customer);
    for (let i = 0; i < 2; i++) {
      const res = await call(t.app, 'POST', '/api/auth/login/second-factor', first.cookie, { code: wrong });
      expect(res.statusCode).toBe(401);
    }
    expect(
      (await call(t.app, 'POST', '/api/auth/login/second-factor', first.cookie, { code: right })).statusCode,
    ).toBe(200);
    // The right code reset the count: 4 more wrong ones (2 at login, 2 on a challenge) do not lock…
    const second = await passwordStep(customer);
    for (let i = 0; i < 2; i++) {
      await call(t.app, 'POST', '/api/auth/login/second-factor', second.cookie, { code: wrong });
    }
    const third = await passwordStep(customer);
    await call(t.app, 'POST', '/api/auth/login/second-factor', third.cookie, {
      code: nextCode(t.clock, secret),
    });
    const c = await call(t.app, 'POST', '/api/sca/challenges', third.cookie, {
      action: 'card_reveal',
      details: { cardId: 'card-1' },
    });
    const id = c.json<{ id: string }>().id;
    const fourth = await passwordStep(customer);
    for (let i = 0; i < 4; i++) {
      const url = i < 2 ? '/api/auth/login/second-factor' : `/api/sca/challenges/${id}/verify`;
      const res = await call(t.app, 'POST', url, i < 2 ? fourth.cookie : third.cookie, { code: wrong });
      expect(res.statusCode).toBe(401);
    }
    // …the fifth in a row does, at login as on challenges.
    const fifth = await call(t.app, 'POST', '/api/auth/login/second-factor', fourth.cookie, { code: wrong });
    expect(fifth.statusCode).toBe(423);
    expect(fifth.json()).toMatchObject({ code: 'sca_locked' });
    const locked = await call(t.app, 'POST', '/api/auth/login/second-factor', fourth.cookie, {
      code: nextCode(t.clock, secret),
    });
    expect(locked.statusCode).toBe(423);
  });

  it('logout ends a session waiting for its second factor', async () => {
    const { customer, secret } = await customerWithApp();
    const { cookie } = await passwordStep(customer);
    expect((await call(t.app, 'POST', '/api/auth/logout', cookie)).statusCode).toBe(204);
    const step = await call(t.app, 'POST', '/api/auth/login/second-factor', cookie, {
      code: nextCode(t.clock, secret),
    });
    expect(step.statusCode).toBe(401);
    expect(step.json()).toMatchObject({ code: 'unauthenticated' });
  });
});
