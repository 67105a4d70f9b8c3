import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestContext, type TestContext } from '../../testing/test-context.ts';
import { loginRequest, makeCustomer, sessionCookie, signIn } from '../../testing/customers.ts';
import { call } from './__tests__/helpers.ts';
import { SoftwareAuthenticator } from './software-authenticator.ts';

let t: TestContext;
beforeAll(async () => {
  t = await makeTestContext({ rateLimits: false });
});
afterAll(() => t.close());

const TRANSFER = {
  amount: 50_000,
  payeeIban: 'LU280019400644750000',
  payeeName: 'Jeanne Dupont',
  executionDate: '2026-12-01',
  repeat: null,
};

async function withPasskey() {
  const customer = await makeCustomer(t.ctx);
  const cookie = await signIn(t.app, customer);
  const authenticator = new SoftwareAuthenticator();
  const options = await call(t.app, 'POST', '/api/sca/passkeys/registration-options', cookie);
  expect(options.statusCode).toBe(200);
  const { challenge, rp } = options.json<{ challenge: string; rp: { id: string } }>();
  expect(rp.id).toBe('localhost');
  const registered = await call(t.app, 'POST', '/api/sca/passkeys', cookie, {
    name: 'Ordinateur portable',
    credential: authenticator.register({ challenge }),
  });
  expect(registered.statusCode).toBe(200);
  return { customer, cookie, authenticator, factorId: registered.json<{ id: string }>().id };
}

describe('passkeys', () => {
  it('registers a passkey: listed as a factor, its registration challenge used once', async () => {
    const { cookie, authenticator } = await withPasskey();
    const list = (await call(t.app, 'GET', '/api/sca/factors', cookie)).json();
    expect(list).toEqual([expect.objectContaining({ type: 'passkey', name: 'Ordinateur portable' })]);

    // The same registration sent again: its challenge is gone.
    const again = await call(t.app, 'POST', '/api/sca/passkeys', cookie, {
      credential: new SoftwareAuthenticator().register({ challenge: 'AAAA' }),
    });
    expect(again.statusCode).toBe(400);
    expect(authenticator.id).toBeTruthy();
  });

  it('refuses a registration signed for another origin', async () => {
    const cookie = await signIn(t.app, await makeCustomer(t.ctx));
    const { challenge } = (await call(t.app, 'POST', '/api/sca/passkeys/registration-options', cookie)).json<{
      challenge: string;
    }>();
    const evil = new SoftwareAuthenticator('https://evil.example', 'evil.example');
    const res = await call(t.app, 'POST', '/api/sca/passkeys', cookie, {
      credential: evil.register({ challenge }),
    });
    expect(res.statusCode).toBe(400);
  });

  it('verifies a challenge with a passkey whose signature covers the challenge made from the details', async () => {
    const { customer, cookie, authenticator } = await withPasskey();
    const c = await call(t.app, 'POST', '/api/sca/challenges', cookie, {
      action: 'transfer',
      details: TRANSFER,
    });
    expect(c.statusCode).toBe(200);
    const challenge = c.json<{
      id: string;
      methods: string[];
      passkey: { challenge: string; allowCredentials: { id: string }[] };
    }>();
    expect(challenge.methods).toEqual(['passkey']);
    expect(challenge.passkey.allowCredentials.map((d) => d.id)).toEqual([authenticator.id]);

    // Another challenge's bytes (other details) do not verify this one.
    const other = await call(t.app, 'POST', '/api/sca/challenges', cookie, {
      action: 'transfer',
      details: { ...TRANSFER, amount: 50_001 },
    });
    const otherBytes = other.json<{ passkey: { challenge: string } }>().passkey.challenge;
    expect(otherBytes).not.toBe(challenge.passkey.challenge);
    const wrong = await call(t.app, 'POST', `/api/sca/challenges/${challenge.id}/verify`, cookie, {
      passkey: authenticator.assert(otherBytes),
    });
    expect(wrong.statusCode).toBe(401);

    // Nor does an assertion from another origin, or without user verification.
    const phished = await call(t.app, 'POST', `/api/sca/challenges/${challenge.id}/verify`, cookie, {
      passkey: authenticator.assert(challenge.passkey.challenge, { origin: 'https://evil.example' }),
    });
    expect(phished.statusCode).toBe(401);
    const unverified = await call(t.app, 'POST', `/api/sca/challenges/${challenge.id}/verify`, cookie, {
      passkey: authenticator.assert(challenge.passkey.challenge, { userVerified: false }),
    });
    expect(unverified.statusCode).toBe(401);

    const ok = await call(t.app, 'POST', `/api/sca/challenges/${challenge.id}/verify`, cookie, {
      passkey: authenticator.assert(challenge.passkey.challenge),
    });
    expect(ok.statusCode).toBe(200);
    const { rows } = await t.ctx.db.query<{ verified_with: string }>(
      'select verified_with from sca_challenges where id = $1 and customer_id = $2',
      [challenge.id, customer.id],
    );
    expect(rows[0]?.verified_with).toBe('passkey');
  });

  it('signs in with a passkey as the second step', async () => {
    const { customer, authenticator } = await withPasskey();
    const login = await loginRequest(t.app, customer.email, customer.password);
    expect(login.statusCode).toBe(200);
    const body = login.json<{ secondFactor: { methods: string[]; passkey: { challenge: string } } }>();
    expect(body.secondFactor.methods).toEqual(['passkey']);
    const cookie = sessionCookie(login);
    expect((await call(t.app, 'GET', '/api/me', cookie)).statusCode).toBe(401);
    const step = await call(t.app, 'POST', '/api/auth/login/second-factor', cookie, {
      passkey: authenticator.assert(body.secondFactor.passkey.challenge),
    });
    expect(step.statusCode).toBe(200);
    expect(step.json()).toMatchObject({ me: { email: customer.email, secondFactors: 1 } });
    expect((await call(t.app, 'GET', '/api/me', cookie)).statusCode).toBe(200);
  });
});
