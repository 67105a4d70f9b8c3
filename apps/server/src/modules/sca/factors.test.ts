import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestContext, type TestContext } from '../../testing/test-context.ts';
import { makeCustomer, signIn } from '../../testing/customers.ts';
import { call } from './__tests__/helpers.ts';
import { enrolTotpFactor, nextCode } from '../../testing/second-factor.ts';
import { grantScaToken } from './__tests__/grant-token.ts';

let t: TestContext;
beforeAll(async () => {
  t = await makeTestContext({ rateLimits: false });
});
afterAll(() => t.close());

async function enrolled() {
  const customer = await makeCustomer(t.ctx);
  const cookie = await signIn(t.app, customer);
  const factor = await enrolTotpFactor(t.app, t.clock, cookie);
  return { customer, cookie, ...factor };
}

const SCA = 'x-sca-token';

describe('second factors', () => {
  it('renames a factor; another customer’s factor id is unknown (404) for every call', async () => {
    const { cookie, factorId } = await enrolled();
    const renamed = await call(t.app, 'PATCH', `/api/sca/factors/${factorId}`, cookie, {
      name: '  iPhone  ',
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ id: factorId, name: 'iPhone' });

    const other = await enrolled();
    expect(
      (await call(t.app, 'PATCH', `/api/sca/factors/${factorId}`, other.cookie, { name: 'x' })).statusCode,
    ).toBe(404);
    const token = await grantScaToken(t.ctx, other.customer.id, 'factor_removal', { factorId });
    const removal = await call(t.app, 'DELETE', `/api/sca/factors/${factorId}`, other.cookie, undefined, {
      [SCA]: token,
    });
    expect(removal.statusCode).toBe(404);
    expect((await call(t.app, 'PATCH', '/api/sca/factors/not-an-id', cookie, { name: 'x' })).statusCode).toBe(
      404,
    );
    // Still there for its owner.
    expect((await call(t.app, 'GET', '/api/sca/factors', cookie)).json()).toHaveLength(1);
  });

  it('removing the last factor needs a fresh SCA for exactly that factor', async () => {
    const { customer, cookie, factorId, secret } = await enrolled();
    const without = await call(t.app, 'DELETE', `/api/sca/factors/${factorId}`, cookie);
    expect(without.statusCode).toBe(401);
    expect(without.json()).toMatchObject({ code: 'sca_required' });

    const otherFactor = await grantScaToken(t.ctx, customer.id, 'factor_removal', {
      factorId: '00000000-0000-4000-8000-000000000000',
    });
    const wrong = await call(t.app, 'DELETE', `/api/sca/factors/${factorId}`, cookie, undefined, {
      [SCA]: otherFactor,
    });
    expect(wrong.statusCode).toBe(401);

    // Through the real challenge: action factor_removal, details {factorId}, the app's code.
    const c = await call(t.app, 'POST', '/api/sca/challenges', cookie, {
      action: 'factor_removal',
      details: { factorId },
    });
    const v = await call(t.app, 'POST', `/api/sca/challenges/${c.json<{ id: string }>().id}/verify`, cookie, {
      code: nextCode(t.clock, secret),
    });
    const { scaToken } = v.json<{ scaToken: string }>();
    const ok = await call(t.app, 'DELETE', `/api/sca/factors/${factorId}`, cookie, undefined, {
      [SCA]: scaToken,
    });
    expect(ok.statusCode).toBe(204);
    expect((await call(t.app, 'GET', '/api/sca/factors', cookie)).json()).toEqual([]);
    expect((await call(t.app, 'GET', '/api/me', cookie)).json()).toMatchObject({ secondFactors: 0 });
    // Back to « enrol first ».
    const next = await call(t.app, 'POST', '/api/sca/challenges', cookie, {
      action: 'beneficiary',
      details: { iban: 'LU280019400644750000' },
    });
    expect(next.statusCode).toBe(403);
  });

  it('adding a factor when one exists needs an SCA made with it, for that very method', async () => {
    const { customer, cookie, secret } = await enrolled();
    const bare = await call(t.app, 'POST', '/api/sca/passkeys/registration-options', cookie);
    expect(bare.statusCode).toBe(401);
    expect(bare.json()).toMatchObject({ code: 'sca_required' });
    const forTotp = await grantScaToken(t.ctx, customer.id, 'factor_enrolment', { method: 'totp' });
    const wrongMethod = await call(
      t.app,
      'POST',
      '/api/sca/passkeys/registration-options',
      cookie,
      undefined,
      {
        [SCA]: forTotp,
      },
    );
    expect(wrongMethod.statusCode).toBe(401);

    const c = await call(t.app, 'POST', '/api/sca/challenges', cookie, {
      action: 'factor_enrolment',
      details: { method: 'passkey' },
    });
    const v = await call(t.app, 'POST', `/api/sca/challenges/${c.json<{ id: string }>().id}/verify`, cookie, {
      code: nextCode(t.clock, secret),
    });
    const { scaToken } = v.json<{ scaToken: string }>();
    const ok = await call(t.app, 'POST', '/api/sca/passkeys/registration-options', cookie, undefined, {
      [SCA]: scaToken,
    });
    expect(ok.statusCode).toBe(200);
    // One token, one enrolment.
    const again = await call(t.app, 'POST', '/api/sca/passkeys/registration-options', cookie, undefined, {
      [SCA]: scaToken,
    });
    expect(again.statusCode).toBe(401);
  });

  it('a second app enrolment replaces the pending one; the confirmed app is not touched by it', async () => {
    const { customer, cookie } = await enrolled();
    expect((await call(t.app, 'POST', '/api/sca/totp/enroll', cookie)).statusCode).toBe(401);
    const enrol = async () =>
      call(t.app, 'POST', '/api/sca/totp/enroll', cookie, undefined, {
        [SCA]: await grantScaToken(t.ctx, customer.id, 'factor_enrolment', { method: 'totp' }),
      });
    const first = await enrol();
    const second = await enrol();
    expect(first.statusCode).toBe(200);
    expect(first.json<{ secret: string }>().secret).not.toBe(second.json<{ secret: string }>().secret);
    expect((await call(t.app, 'GET', '/api/sca/factors', cookie)).json()).toHaveLength(1);
    const { rows } = await t.ctx.db.query('select 1 from sca_factors where customer_id = $1', [customer.id]);
    expect(rows).toHaveLength(2);
  });

  it('needs a signed-in customer', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/sca/factors' });
    expect(res.statusCode).toBe(401);
  });
});
