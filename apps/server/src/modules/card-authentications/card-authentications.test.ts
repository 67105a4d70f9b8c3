import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CARD_AUTHENTICATION_TTL_MINUTES,
  LOW_VALUE_EXEMPTION,
  SCA_TOKEN_HEADER,
  type CardAuthentication,
  type CardAuthenticationList,
  type LiveEvent,
} from '@comptoir/contracts';
import { makeTestContext, MUTATION, type TestContext } from '../../testing/test-context.ts';
import { customerCall } from '../../testing/customer-call.ts';
import { listenLive } from '../events/__tests__/testing.ts';
import { newOperator, signIn as operatorSignIn, withOperator } from '../operators/__tests__/testing.ts';
import { grantScaToken } from '../sca/__tests__/testing.ts';
import { AUTHENTICATION_VALUE_VALIDITY_MINUTES } from './authentication-value.ts';
import { expireCardAuthentications } from './expire-service.ts';
import {
  askAuthentication,
  authenticationStatus,
  exemptionCounters,
  holder,
  pay,
  SANDBOX_KEY,
  signInAgain,
} from './__tests__/helpers.ts';

let t: TestContext;
beforeAll(async () => {
  t = await makeTestContext({ rateLimits: false, sandboxApiKey: SANDBOX_KEY });
});
afterAll(() => t.close());

const MINUTE = 60_000;
type Holder = Awaited<ReturnType<typeof holder>>;

/** A challenge on the holder's card: above the low-value exemption's single-payment maximum. */
async function challenge(card: Holder, amount = 12_000, merchant = 'Fnac.com') {
  const created = await askAuthentication(t, card, { amount, merchant });
  expect(created).toEqual({ id: expect.any(String), status: 'challenge' });
  return created.id;
}

const approveCall = (card: Holder, id: string, token?: string) =>
  customerCall(
    t.app,
    'POST',
    `/api/card-authentications/${id}/approve`,
    card.cookie,
    {},
    token ? { [SCA_TOKEN_HEADER]: token } : {},
  );

/** Approves with a strong authentication bound to exactly this payment. */
async function approve(card: Holder, id: string, amount: number, merchant = 'Fnac.com') {
  const token = await grantScaToken(t.ctx, card.customerId, 'card_authentication', {
    authenticationId: id,
    amount,
    merchant,
  });
  const r = await approveCall(card, id, token);
  expect(r.statusCode, r.body).toBe(200);
  return r.json<CardAuthentication>();
}

/** The merchant reads the value of an approved authentication (once). */
async function approvedValue(id: string): Promise<string> {
  const status = await authenticationStatus(t, id);
  expect(status).toEqual({ id, status: 'authenticated', authenticationValue: expect.any(String) });
  return status.authenticationValue!;
}

const list = async (card: Holder) => {
  const r = await customerCall(t.app, 'GET', '/api/card-authentications', card.cookie);
  expect(r.statusCode, r.body).toBe(200);
  return r.json<CardAuthenticationList>().items;
};

describe('the low-value exemption (RTS art. 16)', () => {
  it('lets through online payments of at most 30 € while the total since the last SCA stays ≤ 100 €', async () => {
    const card = await holder(t);
    expect(LOW_VALUE_EXEMPTION).toEqual({ maxAmount: 3_000, maxCumulativeAmount: 10_000, maxCount: 5 });
    // one cent above 30 € is never exempt, even with nothing spent yet
    expect(await pay(t, card, { amount: 3_001 })).toMatchObject({
      approved: false,
      reason: 'authentication_required',
    });
    // a frictionless 3-D Secure answer counts, at the moment it is given
    const frictionless = await askAuthentication(t, card, { amount: 3_000 });
    expect(frictionless).toEqual({
      id: expect.any(String),
      status: 'frictionless',
      authenticationValue: expect.any(String),
    });
    expect(await exemptionCounters(t, card)).toEqual({ amount: 3_000, count: 1 });
    // payments without an authentication value count too
    expect((await pay(t, card, { amount: 3_000 })).approved).toBe(true);
    expect((await pay(t, card, { amount: 3_000 })).approved).toBe(true);
    expect(await exemptionCounters(t, card)).toEqual({ amount: 9_000, count: 3 });
    // 90 € + 10,01 € > 100 €: declined, and a declined payment moves nothing
    expect(await pay(t, card, { amount: 1_001 })).toMatchObject({
      approved: false,
      reason: 'authentication_required',
    });
    expect(await exemptionCounters(t, card)).toEqual({ amount: 9_000, count: 3 });
    expect((await pay(t, card, { amount: 1_000 })).approved).toBe(true);
    expect(await pay(t, card, { amount: 1 })).toMatchObject({
      approved: false,
      reason: 'authentication_required',
    });
    // and a 3-D Secure request now asks the customer
    await challenge(card, 1);
    // the frictionless value still pays its own payment, without counting it twice
    expect(
      (await pay(t, card, { amount: 3_000, authenticationValue: frictionless.authenticationValue! }))
        .approved,
    ).toBe(true);
    expect(await exemptionCounters(t, card)).toEqual({ amount: 10_000, count: 4 });
  });

  it('stops at the fifth payment since the last SCA, and an approved challenge starts the count again', async () => {
    const card = await holder(t);
    for (let i = 0; i < 5; i++) expect((await pay(t, card, { amount: 100 })).approved).toBe(true);
    expect(await pay(t, card, { amount: 100 })).toMatchObject({
      approved: false,
      reason: 'authentication_required',
    });
    const id = await challenge(card, 100);
    await approve(card, id, 100);
    expect(await exemptionCounters(t, card)).toEqual({ amount: 0, count: 0 });
    expect((await pay(t, card, { amount: 100 })).approved).toBe(true);
    expect(await exemptionCounters(t, card)).toEqual({ amount: 100, count: 1 });
  });

  it('leaves in-store payments and withdrawals as they were, the value ignored', async () => {
    const card = await holder(t);
    // (Recurring payments need an agreement instead: agreements.test.ts.)
    for (const channel of ['in_store', 'atm'] as const) {
      expect(
        (await pay(t, card, { amount: 20_000, channel, authenticationValue: 'nimporte' })).approved,
      ).toBe(true);
    }
    expect(await exemptionCounters(t, card)).toEqual({ amount: 0, count: 0 });
  });
});

describe('a challenge: the customer approves, refuses or lets it expire', () => {
  it('approved with a strong authentication bound to the amount and the merchant: the merchant reads the value once', async () => {
    const card = await holder(t);
    const live = await listenLive(t.ctx.db, card.customerId);
    try {
      const id = await challenge(card, 12_000);
      const [asked] = await live.untilOne((e) => e.type === 'card_authentication');
      expect(asked).toEqual({
        type: 'card_authentication',
        authentication: {
          id,
          cardId: card.cardId,
          last4: card.pan.slice(-4),
          amount: 12_000,
          merchant: 'Fnac.com',
          merchantUrl: null,
          status: 'pending',
          createdAt: t.clock.now().toISOString(),
          expiresAt: new Date(
            t.clock.now().getTime() + CARD_AUTHENTICATION_TTL_MINUTES * MINUTE,
          ).toISOString(),
          decidedAt: null,
        },
      });
      expect(await authenticationStatus(t, id)).toEqual({ id, status: 'pending' });

      // a token for another amount, or none: 401 sca_required, still pending
      const other = await grantScaToken(t.ctx, card.customerId, 'card_authentication', {
        authenticationId: id,
        amount: 1_200,
        merchant: 'Fnac.com',
      });
      for (const token of [other, undefined]) {
        const r = await approveCall(card, id, token);
        expect(r.statusCode).toBe(401);
        expect(r.json()).toMatchObject({ code: 'sca_required' });
      }
      const otherMerchant = await grantScaToken(t.ctx, card.customerId, 'card_authentication', {
        authenticationId: id,
        amount: 12_000,
        merchant: 'Amazon',
      });
      expect((await approveCall(card, id, otherMerchant)).statusCode).toBe(401);
      expect((await list(card)).map((a) => a.status)).toEqual(['pending']);

      const approved = await approve(card, id, 12_000);
      expect(approved).toMatchObject({ id, status: 'approved', decidedAt: t.clock.now().toISOString() });
      const events = await live.untilOne(
        (e) => e.type === 'card_authentication' && e.authentication.status === 'approved',
      );
      expect(events).toHaveLength(1);

      const value = await approvedValue(id);
      expect(await authenticationStatus(t, id)).toEqual({ id, status: 'authenticated' });
      const stored = await t.ctx.db.query<{ dump: string }>(
        `select row_to_json(a)::text as dump from card_authentications a where id = $1`,
        [id],
      );
      expect(stored.rows[0]!.dump).not.toContain(value);

      // approving again: 409
      const again = await approveCall(
        card,
        id,
        await grantScaToken(t.ctx, card.customerId, 'card_authentication', {
          authenticationId: id,
          amount: 12_000,
          merchant: 'Fnac.com',
        }),
      );
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ code: 'card_authentication_decided' });
    } finally {
      live.stop();
    }
  });

  it('cannot be approved once the card is locked or online payments are off: checked again at the answer', async () => {
    const card = await holder(t);
    const id = await challenge(card);
    const token = () =>
      grantScaToken(t.ctx, card.customerId, 'card_authentication', {
        authenticationId: id,
        amount: 12_000,
        merchant: 'Fnac.com',
      });
    for (const change of ['locked = true', 'online_enabled = false']) {
      await t.ctx.db.query(`update cards set ${change} where id = $1`, [card.cardId]);
      const r = await approveCall(card, id, await token());
      expect(r.statusCode, r.body).toBe(409);
      expect(r.json()).toMatchObject({ code: 'card_authentication_card_unusable' });
      await t.ctx.db.query(`update cards set locked = false, online_enabled = true where id = $1`, [
        card.cardId,
      ]);
    }
    expect(await authenticationStatus(t, id)).toEqual({ id, status: 'pending' });
    expect((await approve(card, id, 12_000)).status).toBe('approved');
  });

  it('refused: the merchant reads rejected; answering again is a 409', async () => {
    const card = await holder(t);
    const live = await listenLive(t.ctx.db, card.customerId);
    try {
      const id = await challenge(card);
      const r = await customerCall(t.app, 'POST', `/api/card-authentications/${id}/refuse`, card.cookie);
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json()).toMatchObject({ id, status: 'refused', decidedAt: expect.any(String) });
      await live.untilOne(
        (e: LiveEvent) => e.type === 'card_authentication' && e.authentication.status === 'refused',
      );
      expect(await authenticationStatus(t, id)).toEqual({ id, status: 'rejected' });
      const refuseAgain = await customerCall(
        t.app,
        'POST',
        `/api/card-authentications/${id}/refuse`,
        card.cookie,
      );
      expect(refuseAgain.statusCode).toBe(409);
      expect(refuseAgain.json()).toMatchObject({
        code: 'card_authentication_decided',
        detail: 'Vous avez déjà répondu à cette demande de confirmation de paiement.',
      });
      expect((await approveCall(card, id, 'x')).statusCode).toBe(409);
    } finally {
      live.stop();
    }
  });

  it('expires unanswered after 10 minutes: read as expired at once, marked and announced by the job', async () => {
    const asked = await holder(t);
    const id = await challenge(asked);
    t.clock.advance(CARD_AUTHENTICATION_TTL_MINUTES * MINUTE - 1);
    expect(await authenticationStatus(t, id)).toEqual({ id, status: 'pending' });
    t.clock.advance(1);
    expect(await authenticationStatus(t, id)).toEqual({ id, status: 'expired' });
    const card = await signInAgain(t, asked); // the session idled out meanwhile
    expect((await list(card)).map((a) => [a.id, a.status])).toEqual([[id, 'expired']]);
    const token = await grantScaToken(t.ctx, card.customerId, 'card_authentication', {
      authenticationId: id,
      amount: 12_000,
      merchant: 'Fnac.com',
    });
    const late = await approveCall(card, id, token);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'card_authentication_expired' });

    const live = await listenLive(t.ctx.db, card.customerId);
    try {
      expect(await expireCardAuthentications(t.ctx)).toBeGreaterThanOrEqual(1);
      const [expired] = await live.untilOne((e) => e.type === 'card_authentication');
      expect(expired).toMatchObject({ authentication: { id, status: 'expired', decidedAt: null } });
      const row = await t.ctx.db.query<{ status: string }>(
        `select status from card_authentications where id = $1`,
        [id],
      );
      expect(row.rows).toEqual([{ status: 'expired' }]);
    } finally {
      live.stop();
    }
  });
});

describe('the authorisation of an authenticated online payment', () => {
  it('needs the value of an authentication of this card, this merchant, an amount no smaller, used once', async () => {
    const card = await holder(t);
    const otherCard = await holder(t);
    const id = await challenge(card, 12_000, 'Fnac.com');
    await approve(card, id, 12_000);
    const value = await approvedValue(id);

    // without a value, or a wrong one: authentication_required (above the exemption)
    for (const p of [{}, { authenticationValue: 'faux' }]) {
      expect(await pay(t, card, { amount: 12_000, ...p })).toMatchObject({
        approved: false,
        reason: 'authentication_required',
      });
    }
    // another card, another merchant, a larger amount: declined, the value still unused
    expect(await pay(t, otherCard, { amount: 12_000, authenticationValue: value })).toMatchObject({
      approved: false,
      reason: 'authentication_required',
    });
    expect(
      await pay(t, card, { amount: 12_000, merchant: 'Amazon', authenticationValue: value }),
    ).toMatchObject({
      approved: false,
      reason: 'authentication_required',
    });
    expect(await pay(t, card, { amount: 12_001, authenticationValue: value })).toMatchObject({
      approved: false,
      reason: 'authentication_required',
    });
    // a smaller amount (the basket changed): approved, and the value is used; the answer names the
    // card's agreement with the merchant, for its recurring payments (agreements.test.ts)
    const paid = await pay(t, card, { amount: 11_500, authenticationValue: value });
    expect(paid).toEqual({
      approved: true,
      authorizationId: expect.any(String),
      agreementReference: expect.any(String),
    });
    const used = await t.ctx.db.query<{ used_by: string }>(
      `select used_by from card_authentications where id = $1`,
      [id],
    );
    expect(used.rows).toEqual([{ used_by: paid.authorizationId }]);
    // used once
    expect(await pay(t, card, { amount: 11_500, authenticationValue: value })).toMatchObject({
      approved: false,
      reason: 'authentication_required',
    });
    // an authenticated payment does not count towards the exemption
    expect(await exemptionCounters(t, card)).toEqual({ amount: 0, count: 0 });
  });

  it('is not consumed by a declined authorisation; the value is good for 30 minutes after the approval', async () => {
    const card = await holder(t);
    const id = await challenge(card, 20_000);
    await approve(card, id, 20_000);
    const value = await approvedValue(id);
    await t.ctx.db.query(`update cards set weekly_limit = 10000 where id = $1`, [card.cardId]);
    expect(await pay(t, card, { amount: 20_000, authenticationValue: value })).toMatchObject({
      approved: false,
      reason: 'weekly_limit',
    });
    await t.ctx.db.query(`update cards set weekly_limit = 500000 where id = $1`, [card.cardId]);
    t.clock.advance(AUTHENTICATION_VALUE_VALIDITY_MINUTES * MINUTE);
    expect(await pay(t, card, { amount: 20_000, authenticationValue: value })).toMatchObject({
      approved: false,
      reason: 'authentication_required',
    });
    expect(await authenticationStatus(t, id)).toEqual({ id, status: 'expired' });
  });

  it('keeps the card’s own reasons first: a locked card or online payments off say so', async () => {
    const card = await holder(t);
    await t.ctx.db.query(`update cards set online_enabled = false where id = $1`, [card.cardId]);
    expect(await pay(t, card, { amount: 12_000 })).toMatchObject({ reason: 'channel_disabled' });
    await t.ctx.db.query(`update cards set locked = true where id = $1`, [card.cardId]);
    expect(await pay(t, card, { amount: 12_000 })).toMatchObject({ reason: 'card_locked' });
  });
});

describe('POST /api/sandbox/3ds/authentications', () => {
  it('rejects at once an unknown, expired, cancelled or locked card, a wrong expiry, online payments off', async () => {
    const unknown = await holder(t);
    expect(await askAuthentication(t, unknown, { amount: 100, pan: '0990010000000017' })).toMatchObject({
      status: 'rejected',
      reason: 'unknown_card',
    });
    const cases = [
      [`status = 'expired'`, 'card_expired'],
      [`status = 'cancelled', cancelled_at = now()`, 'card_cancelled'],
      [`locked = true`, 'card_locked'],
      [`online_enabled = false`, 'channel_disabled'],
    ] as const;
    for (const [set, reason] of cases) {
      const card = await holder(t);
      await t.ctx.db.query(`update cards set ${set} where id = $1`, [card.cardId]);
      const created = await askAuthentication(t, card, { amount: 12_000 });
      expect(created).toEqual({ id: expect.any(String), status: 'rejected', reason });
      expect(await authenticationStatus(t, created.id)).toEqual({
        id: created.id,
        status: 'rejected',
        reason,
      });
      expect(await list(card)).toEqual([]);
    }
    const card = await holder(t);
    const wrongExpiry = card.expiry === '01/30' ? '02/30' : '01/30';
    expect(await askAuthentication(t, card, { amount: 100, expiry: wrongExpiry })).toMatchObject({
      status: 'rejected',
      reason: 'invalid_card_details',
    });
    expect(await exemptionCounters(t, card)).toEqual({ amount: 0, count: 0 });
  });

  it('is audited when an operator asks, without the card number; unknown ids are 404', async () => {
    const card = await holder(t);
    const operator = await newOperator(t, 'compliance');
    const token = await operatorSignIn(t, operator);
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/sandbox/3ds/authentications',
      headers: MUTATION,
      cookies: withOperator(token),
      payload: {
        pan: card.pan,
        expiry: card.expiry,
        amount: 4_500,
        merchant: 'Darty',
        merchantUrl: 'https://darty.example',
      },
    });
    expect(r.statusCode, r.body).toBe(201);
    const { id } = r.json<{ id: string }>();
    const audit = await t.ctx.db.query<{ details: string; customer_id: string }>(
      `select details::text as details, customer_id from audit_log where action = 'sandbox.card_authentication'
        and details->>'authenticationId' = $1`,
      [id],
    );
    expect(audit.rows).toHaveLength(1);
    expect(audit.rows[0]!.customer_id).toBe(card.customerId);
    expect(audit.rows[0]!.details).not.toContain(card.pan);
    expect((await list(card))[0]).toMatchObject({ id, merchantUrl: 'https://darty.example', amount: 4_500 });

    for (const unknownId of ['00000000-0000-4000-8000-000000000000', 'pas-un-id']) {
      const missing = await t.app.inject({
        method: 'GET',
        url: `/api/sandbox/3ds/authentications/${unknownId}`,
        headers: { authorization: `Bearer ${SANDBOX_KEY}` },
      });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ code: 'card_authentication_not_found' });
    }
  });
});

describe('GET /api/card-authentications and the answers of another customer', () => {
  it('lists the waiting ones first, then the recent ones newest first, only the customer’s own', async () => {
    const card = await holder(t);
    const stranger = await holder(t);
    const first = await challenge(card, 5_000, 'A');
    t.clock.advance(MINUTE);
    const refused = await challenge(card, 6_000, 'B');
    await customerCall(t.app, 'POST', `/api/card-authentications/${refused}/refuse`, card.cookie);
    t.clock.advance(MINUTE);
    const exempted = (await askAuthentication(t, card, { amount: 500, merchant: 'C' })).id;
    t.clock.advance(MINUTE);
    const waiting = await challenge(card, 7_000, 'D');
    await challenge(stranger, 8_000, 'E');

    expect((await list(card)).map((a) => [a.id, a.status])).toEqual([
      [waiting, 'pending'],
      [first, 'pending'],
      [exempted, 'exempted'],
      [refused, 'refused'],
    ]);

    // another customer's authentication: 404, like an unknown id
    const token = await grantScaToken(t.ctx, stranger.customerId, 'card_authentication', {
      authenticationId: waiting,
      amount: 7_000,
      merchant: 'D',
    });
    for (const r of [
      await customerCall(
        t.app,
        'POST',
        `/api/card-authentications/${waiting}/approve`,
        stranger.cookie,
        {},
        {
          [SCA_TOKEN_HEADER]: token,
        },
      ),
      await customerCall(t.app, 'POST', `/api/card-authentications/${waiting}/refuse`, stranger.cookie),
      await customerCall(
        t.app,
        'POST',
        `/api/card-authentications/00000000-0000-4000-8000-000000000000/refuse`,
        card.cookie,
      ),
      await customerCall(t.app, 'POST', `/api/card-authentications/pas-un-id/refuse`, card.cookie),
    ]) {
      expect(r.statusCode).toBe(404);
      expect(r.json()).toMatchObject({
        code: 'card_authentication_not_found',
        detail: 'Paiement à confirmer introuvable.',
      });
    }
    expect(await authenticationStatus(t, waiting)).toEqual({ id: waiting, status: 'pending' });
  });
});
