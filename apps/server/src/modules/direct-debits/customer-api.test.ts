import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Problem, type DirectDebitCollection, type DirectDebitMandate } from '@comptoir/contracts';
import { verifyLedger } from '../../ledger/index.ts';
import { makeTestContext, type TestContext } from '../../testing/test-context.ts';
import { signIn } from '../../testing/customers.ts';
import { signedIn } from '../transfers/__tests__/testing.ts';
import { announced, announcement, call, present, SANDBOX_KEY, setNow } from './__tests__/helpers.ts';

let t: TestContext;
beforeAll(async () => {
  t = await makeTestContext({ rateLimits: false, sandboxApiKey: SANDBOX_KEY });
});
afterAll(async () => {
  expect(await verifyLedger(t.ctx.db)).toEqual([]);
  await t.close();
});

const problem = (res: { json(): unknown }) => Problem.parse(res.json());

/** A customer with one collection due on `dueDate`, announced at `announcedAt`. */
async function collectionDue(announcedAt: string, dueDate: string) {
  setNow(t, announcedAt);
  const a = await signedIn(t.ctx, t.app, 10_000);
  const c = await announced(t, announcement(a.account.iban ?? '', dueDate));
  return { ...a, c };
}

/** The customer refuses the collection at `at` (Paris offset in the ISO string), signed in then. */
async function refuseAt(a: Awaited<ReturnType<typeof collectionDue>>, at: string) {
  setNow(t, at);
  return call(t, await signIn(t.app, a.customer), 'POST', `/api/direct-debits/collections/${a.c.id}/refuse`);
}

describe('POST /api/direct-debits/collections/{id}/refuse: until the end of the business day before the due date (Paris)', () => {
  it('over a weekend: due on Monday, refusable until Friday midnight', async () => {
    const friday = await collectionDue('2026-11-18T10:00:00+01:00', '2026-11-23');
    expect(friday.c.refusableUntil).toBe('2026-11-20');
    const ok = await refuseAt(friday, '2026-11-20T23:59:59+01:00');
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ id: friday.c.id, status: 'refused' });

    const saturday = await collectionDue('2026-11-18T10:00:00+01:00', '2026-11-23');
    const late = await refuseAt(saturday, '2026-11-21T00:00:00+01:00');
    expect(late.statusCode).toBe(409);
    expect(problem(late)).toMatchObject({
      code: 'direct_debit_refusal_too_late',
      detail:
        'Il est trop tard pour refuser ce prélèvement : il pouvait l’être jusqu’au 20/11/2026 à minuit (heure de Paris), veille ouvrée de son échéance du 23/11/2026.',
    });
  });

  it('counts in Paris time: Friday 23:30 in UTC is already Saturday in Paris', async () => {
    const a = await collectionDue('2026-11-18T10:00:00+01:00', '2026-11-23');
    expect((await refuseAt(a, '2026-11-20T23:30:00Z')).statusCode).toBe(409);
  });

  it('over 1 May: due on Monday 4 May 2026, refusable until Thursday 30 April', async () => {
    const thursday = await collectionDue('2026-04-28T10:00:00+02:00', '2026-05-04');
    expect((await refuseAt(thursday, '2026-04-30T22:00:00+02:00')).statusCode).toBe(200);
    const mayDay = await collectionDue('2026-04-28T10:00:00+02:00', '2026-05-04');
    const late = await refuseAt(mayDay, '2026-05-01T10:00:00+02:00');
    expect(late.statusCode).toBe(409);
    expect(problem(late).detail).toContain('jusqu’au 30/04/2026 à minuit');
  });

  it('over Easter: due on Tuesday 7 April 2026, refusable until Thursday 2 April (Good Friday and Easter Monday are closed)', async () => {
    const thursday = await collectionDue('2026-03-30T10:00:00+02:00', '2026-04-07');
    expect((await refuseAt(thursday, '2026-04-02T23:59:00+02:00')).statusCode).toBe(200);
    for (const at of ['2026-04-03T08:00:00+02:00', '2026-04-06T12:00:00+02:00']) {
      const a = await collectionDue('2026-03-30T10:00:00+02:00', '2026-04-07');
      const late = await refuseAt(a, at);
      expect(late.statusCode, at).toBe(409);
      expect(problem(late).detail).toContain('jusqu’au 02/04/2026 à minuit');
    }
  });

  it('refuses once; a booked collection can no longer be refused', async () => {
    const a = await collectionDue('2026-11-18T10:00:00+01:00', '2026-11-23');
    expect((await refuseAt(a, '2026-11-18T11:00:00+01:00')).statusCode).toBe(200);
    const twice = await refuseAt(a, '2026-11-18T11:00:00+01:00');
    expect(problem(twice)).toMatchObject({ status: 409, code: 'direct_debit_already_refused' });

    const b = await collectionDue('2026-11-18T10:00:00+01:00', '2026-11-23');
    expect((await present(t, b.c.id)).json()).toMatchObject({ status: 'booked' });
    const booked = await refuseAt(b, '2026-11-18T11:00:00+01:00');
    expect(problem(booked)).toMatchObject({ status: 409, code: 'direct_debit_already_settled' });
  });
});

describe('mandates: revoke and limits', () => {
  it('revokes a mandate (again: no change); a revoked mandate takes no limits', async () => {
    const a = await collectionDue('2026-11-18T10:00:00+01:00', '2026-11-23');
    const url = `/api/direct-debits/mandates/${a.c.mandateId}`;
    const revoked = await call(t, a.cookie, 'POST', `${url}/revoke`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toMatchObject({ status: 'revoked', revokedAt: expect.any(String) });
    const again = await call(t, a.cookie, 'POST', `${url}/revoke`);
    expect(again.json<DirectDebitMandate>().revokedAt).toBe(revoked.json<DirectDebitMandate>().revokedAt);
    const limits = await call(t, a.cookie, 'PUT', `${url}/limits`, {
      maxAmount: 100,
      maxCount: null,
      period: null,
    });
    expect(problem(limits)).toMatchObject({
      status: 409,
      code: 'mandate_revoked',
      detail: 'Ce mandat est révoqué.',
    });
  });

  it('a mandate ended by its one-off collection takes no limits', async () => {
    setNow(t, '2026-11-18T10:00:00+01:00');
    const a = await signedIn(t.ctx, t.app, 10_000);
    const c = await announced(t, announcement(a.account.iban ?? '', '2026-11-23', { sequence: 'OOFF' }));
    expect((await present(t, c.id)).json()).toMatchObject({ status: 'booked' });
    const limits = await call(t, a.cookie, 'PUT', `/api/direct-debits/mandates/${c.mandateId}/limits`, {
      maxAmount: 100,
      maxCount: null,
      period: null,
    });
    expect(problem(limits)).toMatchObject({
      status: 409,
      code: 'mandate_ended',
      detail: 'Ce mandat a pris fin avec son dernier prélèvement.',
    });
  });

  it('a count needs its period, an amount is positive', async () => {
    const a = await collectionDue('2026-11-18T10:00:00+01:00', '2026-11-23');
    const url = `/api/direct-debits/mandates/${a.c.mandateId}/limits`;
    const noPeriod = await call(t, a.cookie, 'PUT', url, { maxAmount: null, maxCount: 2, period: null });
    expect(noPeriod.statusCode).toBe(400);
    expect(problem(noPeriod).detail).toContain('Un nombre maximal de prélèvements va avec sa période');
    const zero = await call(t, a.cookie, 'PUT', url, { maxAmount: 0, maxCount: null, period: null });
    expect(zero.statusCode).toBe(400);
    const ok = await call(t, a.cookie, 'PUT', url, { maxAmount: 5_000, maxCount: 12, period: 'year' });
    expect(ok.json()).toMatchObject({ limits: { maxAmount: 5_000, maxCount: 12, period: 'year' } });
    const lifted = await call(t, a.cookie, 'PUT', url, { maxAmount: null, maxCount: null, period: null });
    expect(lifted.json()).toMatchObject({ limits: { maxAmount: null, maxCount: null, period: null } });
  });
});

describe('settings', () => {
  it('accept everything until set; keep identifiers in electronic form, once each; refuse an invalid one', async () => {
    setNow(t, '2026-11-18T10:00:00+01:00');
    const a = await signedIn(t.ctx, t.app, 0);
    const none = await call(t, a.cookie, 'GET', '/api/direct-debits/settings');
    expect(none.json()).toEqual({ blockAll: false, allowedCreditorIds: [], blockedCreditorIds: [] });
    const set = await call(t, a.cookie, 'PUT', '/api/direct-debits/settings', {
      blockAll: false,
      allowedCreditorIds: ['fr72 zzz 123456', 'FR72ZZZ123456'],
      blockedCreditorIds: ['DE98ZZZ09999999999'],
    });
    expect(set.json()).toEqual({
      blockAll: false,
      allowedCreditorIds: ['FR72ZZZ123456'],
      blockedCreditorIds: ['DE98ZZZ09999999999'],
    });
    expect((await call(t, a.cookie, 'GET', '/api/direct-debits/settings')).json()).toEqual(set.json());
    const bad = await call(t, a.cookie, 'PUT', '/api/direct-debits/settings', {
      blockAll: true,
      allowedCreditorIds: [],
      blockedCreditorIds: ['FR73ZZZ123456'],
    });
    expect(problem(bad)).toMatchObject({ status: 400, code: 'direct_debit_creditor_ids_invalid' });
    expect((await call(t, a.cookie, 'GET', '/api/direct-debits/settings')).json()).toEqual(set.json());
  });
});

describe('each customer sees and acts on their own direct debits only', () => {
  it('another customer’s collection or mandate answers 404 on every route, and is never listed', async () => {
    const owner = await collectionDue('2026-11-18T10:00:00+01:00', '2026-11-23');
    const other = await signedIn(t.ctx, t.app, 0);
    const { id } = owner.c;
    const mandateId = owner.c.mandateId ?? '';
    const unknown = '00000000-0000-4000-8000-000000000000';
    const limits = { maxAmount: 1, maxCount: null, period: null };
    for (const [url, code, body] of [
      [`/api/direct-debits/collections/${id}/refuse`, 'direct_debit_not_found', undefined],
      [`/api/direct-debits/collections/${unknown}/refuse`, 'direct_debit_not_found', undefined],
      [`/api/direct-debits/collections/pas-un-id/refuse`, 'direct_debit_not_found', undefined],
      [`/api/direct-debits/mandates/${mandateId}/revoke`, 'mandate_not_found', undefined],
      [`/api/direct-debits/mandates/${unknown}/revoke`, 'mandate_not_found', undefined],
    ] as const) {
      const res = await call(t, other.cookie, 'POST', url, body);
      expect(res.statusCode, url).toBe(404);
      expect(problem(res).code, url).toBe(code);
    }
    for (const m of [mandateId, unknown, 'pas-un-id']) {
      const res = await call(t, other.cookie, 'PUT', `/api/direct-debits/mandates/${m}/limits`, limits);
      expect(res.statusCode, m).toBe(404);
      expect(problem(res).code).toBe('mandate_not_found');
    }
    const lists = [
      (await call(t, other.cookie, 'GET', '/api/direct-debits/collections')).json<{
        items: DirectDebitCollection[];
      }>(),
      (await call(t, other.cookie, 'GET', '/api/direct-debits/mandates')).json<{
        items: DirectDebitMandate[];
      }>(),
    ];
    expect(lists.map((l) => l.items)).toEqual([[], []]);

    // The owner's collection and mandate are untouched, and the owner sees them.
    const mine = (await call(t, owner.cookie, 'GET', '/api/direct-debits/collections')).json<{
      items: DirectDebitCollection[];
    }>();
    expect(mine.items).toMatchObject([{ id, status: 'announced' }]);
    const mandates = (await call(t, owner.cookie, 'GET', '/api/direct-debits/mandates')).json<{
      items: DirectDebitMandate[];
    }>();
    expect(mandates.items).toMatchObject([{ id: mandateId, status: 'active', limits: { maxAmount: null } }]);
  });

  it('needs a signed-in customer', async () => {
    for (const [method, url] of [
      ['GET', '/api/direct-debits/collections'],
      ['GET', '/api/direct-debits/mandates'],
      ['GET', '/api/direct-debits/settings'],
    ] as const) {
      expect((await t.app.inject({ method, url })).statusCode, url).toBe(401);
    }
  });
});
