import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestContext, type TestContext } from '../../testing/test-context.ts';
import { makeCustomer, signIn } from '../../testing/customers.ts';
import { currentTotp } from '../../crypto/totp.ts';
import { consumeScaToken } from './require-sca.ts';
import { call } from './__tests__/helpers.ts';
import { enrolTotpFactor, nextCode, signInWithCode } from '../../testing/second-factor.ts';

let t: TestContext;
beforeAll(async () => {
  t = await makeTestContext({ rateLimits: false });
});
afterAll(() => t.close());

const TRANSFER = {
  amount: 12_345,
  payeeIban: 'LU28 0019 4006 4475 0000',
  payeeName: 'Jeanne  Dupont',
  executionDate: '2026-12-01',
  repeat: null,
};

async function enrolledCustomer() {
  const customer = await makeCustomer(t.ctx);
  const cookie = await signIn(t.app, customer);
  const { secret, factorId } = await enrolTotpFactor(t.app, t.clock, cookie);
  return { customer, cookie, secret, factorId };
}

const challenge = (cookie: string, body: unknown) => call(t.app, 'POST', '/api/sca/challenges', cookie, body);
const verify = (cookie: string, id: string, body: unknown) =>
  call(t.app, 'POST', `/api/sca/challenges/${id}/verify`, cookie, body);

/** A verified token for a transfer with these details. */
async function tokenFor(cookie: string, secret: string, details = TRANSFER): Promise<string> {
  const c = await challenge(cookie, { action: 'transfer', details });
  expect(c.statusCode).toBe(200);
  const v = await verify(cookie, c.json<{ id: string }>().id, { code: nextCode(t.clock, secret) });
  expect(v.statusCode).toBe(200);
  return v.json<{ scaToken: string }>().scaToken;
}

const consume = (
  customerId: string,
  token: string,
  details: Omit<typeof TRANSFER, 'repeat'> & {
    repeat: { frequency: 'monthly'; count?: number; endDate?: string } | null;
  },
  action: 'transfer' = 'transfer',
) => t.ctx.db.tx((q) => consumeScaToken(q, t.clock, { customerId, token, action, details }));

describe('TOTP enrolment', () => {
  it('gives a secret and otpauth URI, activates the factor with a first code, lists it', async () => {
    const customer = await makeCustomer(t.ctx);
    const cookie = await signIn(t.app, customer);
    expect((await call(t.app, 'GET', '/api/me', cookie)).json()).toMatchObject({ secondFactors: 0 });

    const enrol = await call(t.app, 'POST', '/api/sca/totp/enroll', cookie);
    expect(enrol.statusCode).toBe(200);
    const { secret, uri } = enrol.json<{ secret: string; uri: string }>();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    // Pending: not a factor yet.
    expect((await call(t.app, 'GET', '/api/sca/factors', cookie)).json()).toEqual([]);

    const wrong = await call(t.app, 'POST', '/api/sca/totp/confirm', cookie, { code: '000000' });
    expect(wrong.statusCode).toBe(401);
    const ok = await call(t.app, 'POST', '/api/sca/totp/confirm', cookie, {
      code: currentTotp(secret, t.clock.now()),
      name: 'Mon téléphone',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ type: 'totp', name: 'Mon téléphone' });
    const list = (await call(t.app, 'GET', '/api/sca/factors', cookie)).json<unknown[]>();
    expect(list).toHaveLength(1);
    expect((await call(t.app, 'GET', '/api/me', cookie)).json()).toMatchObject({ secondFactors: 1 });

    // The secret is sealed at rest.
    const { rows } = await t.ctx.db.query<{ totp_secret_sealed: string }>(
      'select totp_secret_sealed from sca_factors where customer_id = $1',
      [customer.id],
    );
    expect(rows[0]?.totp_secret_sealed).not.toContain(secret);
  });

  it('without a factor, a challenge answers 403 sca_enrolment_required', async () => {
    const cookie = await signIn(t.app, await makeCustomer(t.ctx));
    const res = await challenge(cookie, { action: 'transfer', details: TRANSFER });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'sca_enrolment_required' });
    expect(res.json<{ detail: string }>().detail).toMatch(/Préférences et sécurité/);
  });
});

describe('challenges and tokens', () => {
  it('binds the token to the exact action and details', async () => {
    const { customer, cookie, secret } = await enrolledCustomer();
    const c = await challenge(cookie, { action: 'transfer', details: TRANSFER });
    expect(c.statusCode).toBe(200);
    expect(c.json()).toMatchObject({
      action: 'transfer',
      details: {
        amount: 12_345,
        payeeIban: 'LU280019400644750000',
        payeeName: 'Jeanne Dupont',
        executionDate: '2026-12-01',
        repeat: null,
      },
      methods: ['totp'],
    });
    expect(c.json()).not.toHaveProperty('passkey');

    const token = await tokenFor(cookie, secret);
    await expect(consume(customer.id, token, { ...TRANSFER, amount: 12_346 })).rejects.toMatchObject({
      code: 'sca_required',
    });
    await expect(
      consume(customer.id, token, { ...TRANSFER, payeeIban: 'LU120010001234567891' }),
    ).rejects.toMatchObject({ code: 'sca_required' });
    await expect(
      consume(customer.id, token, { ...TRANSFER, payeeName: 'Jean Dupont' }),
    ).rejects.toMatchObject({
      code: 'sca_required',
    });
    // The schedule is part of what was approved: another date, or a repetition, is another order.
    await expect(
      consume(customer.id, token, { ...TRANSFER, executionDate: '2026-12-02' }),
    ).rejects.toMatchObject({ code: 'sca_required' });
    await expect(
      consume(customer.id, token, { ...TRANSFER, repeat: { frequency: 'monthly', count: 120 } }),
    ).rejects.toMatchObject({ code: 'sca_required' });
    await expect(
      t.ctx.db.tx((q) =>
        consumeScaToken(q, t.clock, {
          customerId: customer.id,
          token,
          action: 'beneficiary',
          details: { iban: TRANSFER.payeeIban },
        }),
      ),
    ).rejects.toMatchObject({ code: 'sca_required' });
    const other = await makeCustomer(t.ctx);
    await expect(consume(other.id, token, TRANSFER)).rejects.toMatchObject({ code: 'sca_required' });

    // The same details however they are spelled: accepted, once.
    await expect(
      consume(customer.id, token, { ...TRANSFER, payeeIban: 'lu28 0019 4006 4475 0000' }),
    ).resolves.toBeUndefined();
    await expect(consume(customer.id, token, TRANSFER)).rejects.toMatchObject({ code: 'sca_required' });
  });

  it('a token expires after 5 minutes, a challenge after 5 minutes', async () => {
    const { customer, cookie, secret } = await enrolledCustomer();
    const token = await tokenFor(cookie, secret);
    t.clock.advance(5 * 60_000 + 1);
    await expect(consume(customer.id, token, TRANSFER)).rejects.toMatchObject({ code: 'sca_required' });

    const fresh = await signInWithCode(t.app, t.clock, customer, secret);
    const c = await challenge(fresh, { action: 'transfer', details: TRANSFER });
    t.clock.advance(4 * 60_000);
    await call(t.app, 'GET', '/api/me', fresh);
    t.clock.advance(60_000 + 1);
    const late = await verify(fresh, c.json<{ id: string }>().id, {
      code: currentTotp(secret, t.clock.now()),
    });
    expect(late.statusCode).toBe(401);
    expect(late.json()).toMatchObject({ code: 'sca_challenge_expired' });
  });

  it('never accepts a TOTP step twice, and a verified challenge only once', async () => {
    const { cookie, secret } = await enrolledCustomer();
    const code = nextCode(t.clock, secret);
    const a = await challenge(cookie, { action: 'transfer', details: TRANSFER });
    const b = await challenge(cookie, { action: 'transfer', details: TRANSFER });
    expect((await verify(cookie, a.json<{ id: string }>().id, { code })).statusCode).toBe(200);
    const replay = await verify(cookie, b.json<{ id: string }>().id, { code });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ code: 'invalid_second_factor' });
    const again = await verify(cookie, a.json<{ id: string }>().id, { code: nextCode(t.clock, secret) });
    expect(again.statusCode).toBe(409);
  });

  it('another customer’s challenge is unknown (404)', async () => {
    const { cookie } = await enrolledCustomer();
    const other = await enrolledCustomer();
    const c = await challenge(cookie, { action: 'card_reveal', details: { cardId: 'c-1' } });
    const res = await verify(other.cookie, c.json<{ id: string }>().id, {
      code: nextCode(t.clock, other.secret),
    });
    expect(res.statusCode).toBe(404);
    const unknown = await verify(cookie, '00000000-0000-4000-8000-000000000000', { code: '123456' });
    expect(unknown.statusCode).toBe(404);
  });

  it('5 wrong codes in a row lock SCA for 15 minutes, with a French message', async () => {
    const { cookie, secret } = await enrolledCustomer();
    const c = await challenge(cookie, { action: 'transfer', details: TRANSFER });
    const id = c.json<{ id: string }>().id;
    const right = currentTotp(secret, t.clock.now());
    const wrong = right === '111111' ? '222222' : '111111';
    for (let i = 0; i < 4; i++) {
      const res = await verify(cookie, id, { code: wrong });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({
        code: 'invalid_second_factor',
        detail: expect.stringMatching(/Code incorrect/),
      });
    }
    const fifth = await verify(cookie, id, { code: wrong });
    expect(fifth.statusCode).toBe(423);
    expect(fifth.json()).toMatchObject({ code: 'sca_locked', lockedUntil: expect.any(String) });
    expect(fifth.json<{ detail: string }>().detail).toMatch(
      /Réessayez après le \d\d\/\d\d\/\d{4} à \d\d:\d\d/,
    );
    const until = new Date(fifth.json<{ lockedUntil: string }>().lockedUntil);
    expect(until.getTime() - t.clock.now().getTime()).toBe(15 * 60_000);

    // Even the right code is refused during the lock, and no new challenge is made.
    expect((await verify(cookie, id, { code: right })).statusCode).toBe(423);
    expect((await challenge(cookie, { action: 'transfer', details: TRANSFER })).statusCode).toBe(423);
  });

  it('a right code resets the count of wrong ones', async () => {
    const { cookie, secret } = await enrolledCustomer();
    for (let round = 0; round < 2; round++) {
      const c = await challenge(cookie, { action: 'transfer', details: TRANSFER });
      const id = c.json<{ id: string }>().id;
      const right = nextCode(t.clock, secret);
      const wrong = right === '111111' ? '222222' : '111111';
      for (let i = 0; i < 4; i++) expect((await verify(cookie, id, { code: wrong })).statusCode).toBe(401);
      expect((await verify(cookie, id, { code: right })).statusCode).toBe(200);
    }
  });

  it('counts wrong codes sent at once exactly, and lets only one of two racing uses of a code win', async () => {
    const { cookie, secret } = await enrolledCustomer();
    const right = nextCode(t.clock, secret);
    const wrong = right === '111111' ? '222222' : '111111';
    const ids = await Promise.all(
      [0, 1].map(
        async () =>
          (await challenge(cookie, { action: 'transfer', details: TRANSFER })).json<{ id: string }>().id,
      ),
    );
    const both = await Promise.all(ids.map((id) => verify(cookie, id, { code: right })));
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 401]);

    // The refused replay counted as a wrong code: 4 more lock, the 5th finds the lock.
    const id = (await challenge(cookie, { action: 'transfer', details: TRANSFER })).json<{ id: string }>().id;
    const answers = await Promise.all(Array.from({ length: 5 }, () => verify(cookie, id, { code: wrong })));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([401, 401, 401, 423, 423]);
  });
});
