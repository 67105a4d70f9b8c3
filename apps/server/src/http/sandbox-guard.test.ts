import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardFixture, type CardFixture } from '../testing/card-fixtures.ts';
import { makeTestContext, MUTATION, type TestContext } from '../testing/test-context.ts';
import { newOperator, signIn, withOperator } from '../modules/operators/__tests__/testing.ts';

const KEY = 'cle-sandbox-garde-0123456789abcdef';
let t: TestContext;
let noKey: TestContext;
let card: CardFixture;
let support: string;
let admin: string;
beforeAll(async () => {
  t = await makeTestContext({ rateLimits: false, sandboxApiKey: KEY });
  noKey = await makeTestContext({ rateLimits: false }, { db: t.ctx.db });
  card = await cardFixture(t.ctx, { funding: 100_000 });
  support = await signIn(t, await newOperator(t, 'support'));
  admin = await signIn(t, await newOperator(t, 'admin'));
});
afterAll(async () => {
  await noKey.close();
  await t.close();
});

let keys = 0;
function pay(opts: { key?: string; token?: string; ctx?: TestContext; headers?: Record<string, string> }) {
  return (opts.ctx ?? t).app.inject({
    method: 'POST',
    url: '/api/sandbox/card-authorizations',
    headers: {
      ...MUTATION,
      'idempotency-key': `guard-${process.pid}-${Date.now()}-${keys++}`,
      ...(opts.key ? { authorization: `Bearer ${opts.key}` } : {}),
      ...opts.headers,
    },
    ...(opts.token ? { cookies: withOperator(opts.token) } : {}),
    payload: {
      pan: card.pan,
      expiry: card.expiry,
      cvv: card.cvv,
      amount: 100,
      merchant: 'Kiosque',
      channel: 'online',
    },
  });
}

describe('the sandbox guard (operator session or sandbox key)', () => {
  it('no session → 401; support → 403; admin → OK', async () => {
    expect((await pay({})).statusCode).toBe(401);
    expect((await pay({ token: support })).statusCode).toBe(403);
    expect((await pay({ token: admin })).statusCode).toBe(200);
  });

  it('the right key → OK; a wrong or malformed key → 401, even with a session; no key configured → 401', async () => {
    const ok = await pay({ key: KEY });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ approved: true });
    expect((await pay({ key: `${KEY}x` })).statusCode).toBe(401);
    expect((await pay({ key: KEY.slice(0, -1) })).statusCode).toBe(401);
    expect((await pay({ key: KEY, headers: { authorization: `Basic ${KEY}` } })).statusCode).toBe(401);
    expect((await pay({ key: 'faux', token: admin })).statusCode).toBe(401);
    expect((await pay({ key: KEY, ctx: noKey })).statusCode).toBe(401);
  });

  it('mutations still need X-Requested-With', async () => {
    const r = await pay({ key: KEY, headers: { 'x-requested-with': '' } });
    expect(r.statusCode).toBe(403);
  });

  it('guards the incoming transfers too', async () => {
    const body = {
      iban: card.account.iban,
      amount: 100,
      debtorName: 'Marie Curie',
      debtorIban: 'DE89370400440532013000',
    };
    const send = (headers: Record<string, string>, token?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/sandbox/incoming-transfers',
        headers: { ...MUTATION, 'idempotency-key': `guard-in-${process.pid}-${keys++}`, ...headers },
        ...(token ? { cookies: withOperator(token) } : {}),
        payload: body,
      });
    expect((await send({})).statusCode).toBe(401);
    expect((await send({}, support)).statusCode).toBe(403);
    expect((await send({ authorization: 'Bearer faux' })).statusCode).toBe(401);
    expect((await send({ authorization: `Bearer ${KEY}` })).statusCode).toBe(201);
  });

  it('no answer carries the PAN', async () => {
    for (const r of [
      await pay({}),
      await pay({ key: KEY }),
      await pay({ key: 'faux' }),
      await pay({ token: support }),
    ]) {
      expect(r.body).not.toContain(card.pan);
    }
  });
});
