import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardMonth, cents, isLuhnValid } from '@comptoir/core';
import {
  Card,
  CardActivityList,
  CardDetails,
  CardList,
  Problem,
  SCA_TOKEN_HEADER,
} from '@comptoir/contracts';
import { makeTestContext, type TestContext } from '../../testing/test-context.ts';
import { CUSTOMER_COOKIE } from '../../http/cookies.ts';
import { customerAccounts, glAccount, postEntry } from '../../ledger/index.ts';
import { newApplicant } from '../onboarding/__tests__/testing.ts';
import { newOperator, signIn as operatorSignIn, withOperator } from '../operators/__tests__/testing.ts';
import { grantScaToken } from '../sca/__tests__/testing.ts';
import { enrolTotpFactor, nextCode } from '../../testing/second-factor.ts';
import { signedIn } from '../transfers/__tests__/testing.ts';
import { signIn } from '../../testing/customers.ts';
import { cardSecrets } from './card-secrets.ts';
import { cardCall, createCardFor, LIMITS, revealFor, type Method } from './__tests__/helpers.ts';

let t: TestContext;
beforeAll(async () => {
  // A database of its own: the spent-sum fixtures are authorisations hung on one entry, which an
  // expiry job run by another file (or a server it starts) must never take.
  t = await makeTestContext({ rateLimits: false }, { ownDatabase: true });
});
afterAll(() => t.close());

const problem = (res: { json(): unknown }) => Problem.parse(res.json());
const DAY = 86_400_000;

const dbCard = async (id: string) => {
  const { rows } = await t.ctx.db.query<{
    pan_sealed: string;
    cvv_sealed: string;
    pan_fingerprint: string;
    cvv_mac: string;
    status: string;
  }>('select pan_sealed, cvv_sealed, pan_fingerprint, cvv_mac, status from cards where id = $1', [id]);
  if (!rows[0]) throw new Error('no card row');
  return rows[0];
};

const openCard = async (id: string) => {
  const row = await dbCard(id);
  return cardSecrets(t.ctx.masterKey).open(id, { panSealed: row.pan_sealed, cvvSealed: row.cvv_sealed });
};

const listOf = async (cookie: string) =>
  CardList.parse((await cardCall(t.app, 'GET', '/api/cards', cookie)).json());

describe('issuing (« Créer une carte »)', () => {
  it('a 16-digit Luhn-valid number in the BIN, CVV of 3 digits, issue month to the same month + 3 years, holder names', async () => {
    const a = await signedIn(t.ctx, t.app, 0, { firstName: 'Zoé', lastName: 'Lefèvre' });
    const res = await cardCall(t.app, 'POST', '/api/cards', a.cookie);
    expect(res.statusCode).toBe(201);
    const card = Card.parse(res.json());
    const now = t.clock.now();
    expect(card).toMatchObject({
      status: 'active',
      locked: false,
      holderFirstName: 'Zoé',
      holderLastName: 'Lefèvre',
      validFrom: cardMonth(now.getUTCFullYear(), now.getUTCMonth() + 1),
      expiresEnd: cardMonth(now.getUTCFullYear() + 3, now.getUTCMonth() + 1),
      accountId: String(a.account.id),
      weeklyLimit: 4000,
      monthlyLimit: 4000,
      weeklySpent: 0,
      monthlySpent: 0,
      // Every channel allowed, « Paiements récurrents » too (migration 0039, docs/cards.md#channels).
      channels: { online: true, inStore: true, atm: true, recurring: true },
      cancelledAt: null,
    });
    const { pan, cvv } = await openCard(card.id);
    expect(pan).toMatch(/^\d{16}$/);
    expect(isLuhnValid(pan)).toBe(true);
    expect(pan.startsWith(t.ctx.config.cardBin)).toBe(true);
    expect(cvv).toMatch(/^\d{3}$/);
    expect(card.last4).toBe(pan.slice(-4));
    expect(res.body).not.toContain(pan);
    expect(Object.keys(res.json<object>())).not.toContain('cvv');
  });

  it('refuses a second active card (409), issues again after opposition; the active card comes first', async () => {
    const a = await signedIn(t.ctx, t.app, 0);
    const first = await createCardFor(t.app, a.cookie);
    const again = await cardCall(t.app, 'POST', '/api/cards', a.cookie);
    expect(again.statusCode).toBe(409);
    expect(problem(again)).toMatchObject({
      code: 'card_already_active',
      detail: 'Vous avez déjà une carte active.',
    });

    expect((await cardCall(t.app, 'DELETE', `/api/cards/${first.id}`, a.cookie)).statusCode).toBe(200);
    t.clock.advance(1000);
    const second = await createCardFor(t.app, a.cookie);
    expect(second.id).not.toBe(first.id);
    expect(second.last4).toMatch(/^\d{4}$/);
    expect((await openCard(second.id)).pan).not.toBe((await openCard(first.id)).pan);
    const list = await listOf(a.cookie);
    expect(list.map((c) => [c.id, c.status])).toEqual([
      [second.id, 'active'],
      [first.id, 'cancelled'],
    ]);
  });

  it('ten « Créer une carte » at once issue exactly one card (on PostgreSQL they race); the index is the last guard (409, not 500)', async () => {
    const a = await signedIn(t.ctx, t.app, 0);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => cardCall(t.app, 'POST', '/api/cards', a.cookie)),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, ...Array<number>(9).fill(409)]);
    const { rows } = await t.ctx.db.query('select id from cards where customer_id = $1', [a.customer.id]);
    expect(rows).toHaveLength(1);

    // Even a second active card slipping past the check would meet cards_one_active: 409.
    await expect(
      t.ctx.db.query(
        `insert into cards (customer_id, account_id, pan_sealed, cvv_sealed, pan_fingerprint, cvv_mac, last4,
           holder_first_name, holder_last_name, valid_from, expires_month)
         values ($1, $2, 'x', 'x', $3, 'x', '0000', 'A', 'B', '2026-01-01', '2029-01-01')`,
        [a.customer.id, String(a.account.id), randomUUID()],
      ),
    ).rejects.toMatchObject({ code: '23505' });
  });

  it('approval of an application issues the first card on the new main account, holder from the identity', async () => {
    const applicant = await newApplicant(t);
    const compliance = await operatorSignIn(t, await newOperator(t, 'compliance'));
    const approve = await t.app.inject({
      method: 'POST',
      url: `/api/backoffice/customers/${applicant.id}/approve`,
      headers: { 'x-requested-with': 'comptoir', 'content-type': 'application/json' },
      cookies: withOperator(compliance),
      payload: {},
    });
    expect(approve.statusCode).toBe(200);
    const cookie = `${CUSTOMER_COOKIE}=${applicant.session}`;
    const list = await listOf(cookie);
    expect(list).toHaveLength(1);
    const { rows } = await t.ctx.db.query<{ first_name: string; last_name: string }>(
      'select first_name, last_name from customers where id = $1',
      [applicant.id],
    );
    const account = (await customerAccounts(t.ctx.db, applicant.id))[0];
    expect(list[0]).toMatchObject({
      status: 'active',
      holderFirstName: rows[0]?.first_name,
      holderLastName: rows[0]?.last_name,
      accountId: String(account?.id),
    });
    expect(isLuhnValid((await openCard(list[0]!.id)).pan)).toBe(true);
    expect((await cardCall(t.app, 'POST', '/api/cards', cookie)).statusCode).toBe(409);
  });

  it('a card past its expiry month shows `expired`, refuses changes, and a new one can be created', async () => {
    const a = await signedIn(t.ctx, t.app, 0);
    const card = await createCardFor(t.app, a.cookie);
    t.clock.advance(3 * 366 * DAY + 40 * DAY);
    try {
      const cookie = await signIn(t.app, a.customer);
      const list = await listOf(cookie);
      expect(list[0]).toMatchObject({ id: card.id, status: 'expired' });
      const lock = await cardCall(t.app, 'POST', `/api/cards/${card.id}/lock`, cookie);
      expect(lock.statusCode).toBe(409);
      expect(problem(lock).detail).toBe('Cette carte a expiré.');
      const fresh = await createCardFor(t.app, cookie);
      expect((await listOf(cookie)).map((c) => [c.id, c.status])).toEqual([
        [fresh.id, 'active'],
        [card.id, 'expired'],
      ]);
    } finally {
      t.clock.advance(-(3 * 366 * DAY + 40 * DAY));
    }
  });
});

describe('lock, limits and opposition', () => {
  it('lock and unlock are idempotent and answer the card', async () => {
    const a = await signedIn(t.ctx, t.app, 0);
    const card = await createCardFor(t.app, a.cookie);
    for (const [action, locked] of [
      ['lock', true],
      ['lock', true],
      ['unlock', false],
      ['unlock', false],
      ['lock', true],
    ] as const) {
      const res = await cardCall(t.app, 'POST', `/api/cards/${card.id}/${action}`, a.cookie);
      expect(res.statusCode).toBe(200);
      expect(Card.parse(res.json())).toMatchObject({ id: card.id, locked, status: 'active' });
    }
    expect((await listOf(a.cookie))[0]?.locked).toBe(true);
  });

  it('limits and channels are saved; the bounds are checked with French messages', async () => {
    const a = await signedIn(t.ctx, t.app, 0);
    const card = await createCardFor(t.app, a.cookie);
    const put = (body: unknown) => cardCall(t.app, 'PUT', `/api/cards/${card.id}/limits`, a.cookie, body);

    const saved = await put(LIMITS);
    expect(saved.statusCode).toBe(200);
    expect(Card.parse(saved.json())).toMatchObject(LIMITS);
    expect((await listOf(a.cookie))[0]).toMatchObject(LIMITS);

    const channels = LIMITS.channels;
    for (const [weeklyLimit, monthlyLimit] of [
      [0, 0],
      [500_000, 1_000_000],
    ]) {
      const res = await put({ weeklyLimit, monthlyLimit, channels });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ weeklyLimit, monthlyLimit });
    }
    for (const [weeklyLimit, monthlyLimit, detail] of [
      [500_001, 1000, 'Le plafond hebdomadaire ne peut pas dépasser 5 000 €.'],
      [1000, 1_000_001, 'Le plafond mensuel ne peut pas dépasser 10 000 €.'],
      [-1, 1000, 'Le plafond ne peut pas être négatif.'],
      [1000, -100, 'Le plafond ne peut pas être négatif.'],
      [10.5, 1000, null],
      ['1000', 1000, null],
      [null, 1000, null],
    ] as const) {
      const res = await put({ weeklyLimit, monthlyLimit, channels });
      expect(res.statusCode, JSON.stringify({ weeklyLimit, monthlyLimit })).toBe(400);
      const p = problem(res);
      expect(p.code).toBe(weeklyLimit === 10.5 ? 'non_integer_number' : 'validation_failed');
      if (detail) expect(p.detail).toContain(detail);
    }
    expect((await put({ weeklyLimit: 100, monthlyLimit: 100 })).statusCode).toBe(400);
    // A week sits within a month: a weekly limit above the monthly one is refused, equal is fine.
    const above = await put({ weeklyLimit: 300_000, monthlyLimit: 200_000, channels });
    expect(above.statusCode).toBe(422);
    expect(problem(above)).toMatchObject({
      code: 'card_limits_inconsistent',
      detail: 'Le plafond hebdomadaire ne peut pas dépasser le plafond mensuel.',
    });
    expect((await put({ weeklyLimit: 100, monthlyLimit: 100, channels: { online: 'yes' } })).statusCode).toBe(
      400,
    );
    // Nothing refused was saved.
    expect((await listOf(a.cookie))[0]).toMatchObject({ weeklyLimit: 500_000, monthlyLimit: 1_000_000 });
    const equal = await put({ weeklyLimit: 200_000, monthlyLimit: 200_000, channels });
    expect(equal.statusCode).toBe(200);
  });

  it('« Paiements récurrents » is switched like the other channels and persists; a request without it keeps it', async () => {
    const a = await signedIn(t.ctx, t.app, 0);
    const b = await signedIn(t.ctx, t.app, 0);
    const card = await createCardFor(t.app, a.cookie);
    const hers = await createCardFor(t.app, b.cookie);
    const put = (id: string, body: unknown) =>
      cardCall(t.app, 'PUT', `/api/cards/${id}/limits`, a.cookie, body);
    const limits = { weeklyLimit: card.weeklyLimit, monthlyLimit: card.monthlyLimit };
    const channels = { online: true, inStore: true, atm: true };

    const off = await put(card.id, { ...limits, channels: { ...channels, recurring: false } });
    expect(off.statusCode).toBe(200);
    expect(Card.parse(off.json()).channels).toEqual({ ...channels, recurring: false });
    expect((await listOf(a.cookie))[0]?.channels.recurring).toBe(false);

    // A client that does not know the channel (three switches only) leaves it as it is…
    const older = await put(card.id, { ...limits, channels: { ...channels, atm: false } });
    expect(older.statusCode).toBe(200);
    expect((await listOf(a.cookie))[0]?.channels).toEqual({ ...channels, atm: false, recurring: false });
    // …and it is a boolean when given.
    expect((await put(card.id, { ...limits, channels: { ...channels, recurring: 'non' } })).statusCode).toBe(
      400,
    );

    const on = await put(card.id, { ...limits, channels: { ...channels, recurring: true } });
    expect(Card.parse(on.json()).channels.recurring).toBe(true);
    expect((await listOf(a.cookie))[0]?.channels).toEqual({ ...channels, recurring: true });

    // Another customer's card: 404 like any card route, and her setting is untouched.
    const theirs = await put(hers.id, { ...limits, channels: { ...channels, recurring: false } });
    expect(theirs.statusCode).toBe(404);
    expect(problem(theirs)).toMatchObject({ code: 'card_not_found', detail: 'Carte introuvable.' });
    expect((await listOf(b.cookie))[0]?.channels.recurring).toBe(true);
  });

  it('opposition cancels for good: no unlock, lock, limits, reveal or second opposition (409)', async () => {
    const a = await signedIn(t.ctx, t.app, 0);
    const card = await createCardFor(t.app, a.cookie);
    const del = await cardCall(t.app, 'DELETE', `/api/cards/${card.id}`, a.cookie);
    expect(del.statusCode).toBe(200);
    const cancelled = Card.parse(del.json());
    expect(cancelled).toMatchObject({
      id: card.id,
      status: 'cancelled',
      cancelledAt: t.clock.now().toISOString(),
    });

    const token = await grantScaToken(t.ctx, a.customer.id, 'card_reveal', { cardId: card.id });
    for (const [method, path, body, headers] of [
      ['POST', 'unlock', undefined, {}],
      ['POST', 'lock', undefined, {}],
      ['PUT', 'limits', LIMITS, {}],
      ['POST', 'reveal', undefined, { [SCA_TOKEN_HEADER]: token }],
      ['DELETE', '', undefined, {}],
    ] as const) {
      const res = await cardCall(
        t.app,
        method,
        `/api/cards/${card.id}${path ? `/${path}` : ''}`,
        a.cookie,
        body,
        headers,
      );
      expect(res.statusCode, path).toBe(409);
      expect(problem(res)).toMatchObject({ code: 'card_cancelled', detail: 'Cette carte a été supprimée.' });
    }
    expect((await dbCard(card.id)).status).toBe('cancelled');
  });
});

describe('reveal (strong authentication bound to the card)', () => {
  it('without a token 401 sca_required; a token for another card is refused; a token works once', async () => {
    const a = await signedIn(t.ctx, t.app, 0);
    const card = await createCardFor(t.app, a.cookie);
    const url = `/api/cards/${card.id}/reveal`;

    const bare = await cardCall(t.app, 'POST', url, a.cookie);
    expect(bare.statusCode).toBe(401);
    expect(problem(bare).code).toBe('sca_required');

    const wrong = await grantScaToken(t.ctx, a.customer.id, 'card_reveal', { cardId: randomUUID() });
    expect((await cardCall(t.app, 'POST', url, a.cookie, {}, { [SCA_TOKEN_HEADER]: wrong })).statusCode).toBe(
      401,
    );
    const otherAction = await grantScaToken(t.ctx, a.customer.id, 'factor_removal', { factorId: card.id });
    expect(
      (await cardCall(t.app, 'POST', url, a.cookie, {}, { [SCA_TOKEN_HEADER]: otherAction })).statusCode,
    ).toBe(401);

    const token = await grantScaToken(t.ctx, a.customer.id, 'card_reveal', { cardId: card.id });
    const res = await cardCall(t.app, 'POST', url, a.cookie, {}, { [SCA_TOKEN_HEADER]: token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const details = CardDetails.parse(res.json());
    expect(details).toMatchObject({
      cardId: card.id,
      validFrom: card.validFrom,
      expiresEnd: card.expiresEnd,
      hideAt: new Date(t.clock.now().getTime() + 60_000).toISOString(),
    });
    expect(details.pan).toMatch(/^\d{16}$/);
    expect(details.pan.slice(-4)).toBe(card.last4);
    expect(details.cvv).toMatch(/^\d{3}$/);
    // The number shown is the one the network's look-up finds (fingerprint) and the CVV the one it checks.
    const row = await dbCard(card.id);
    const secrets = cardSecrets(t.ctx.masterKey);
    expect(secrets.fingerprint(details.pan)).toBe(row.pan_fingerprint);
    expect(secrets.cvvMac(details.pan, details.cvv)).toBe(row.cvv_mac);

    const replay = await cardCall(t.app, 'POST', url, a.cookie, {}, { [SCA_TOKEN_HEADER]: token });
    expect(replay.statusCode).toBe(401);
    expect(problem(replay).code).toBe('sca_required');
  });

  it('end to end: no factor → 403 sca_enrolment_required; a code verified for this card reveals it once', async () => {
    const a = await signedIn(t.ctx, t.app, 0);
    const card = await createCardFor(t.app, a.cookie);
    const ask = { action: 'card_reveal', details: { cardId: card.id } };
    const none = await cardCall(t.app, 'POST', '/api/sca/challenges', a.cookie, ask);
    expect(none.statusCode).toBe(403);
    expect(problem(none).code).toBe('sca_enrolment_required');

    const { secret } = await enrolTotpFactor(t.app, t.clock, a.cookie);
    const challenge = await cardCall(t.app, 'POST', '/api/sca/challenges', a.cookie, ask);
    expect(challenge.statusCode).toBe(200);
    const verified = await cardCall(
      t.app,
      'POST',
      `/api/sca/challenges/${challenge.json<{ id: string }>().id}/verify`,
      a.cookie,
      { code: nextCode(t.clock, secret) },
    );
    expect(verified.statusCode).toBe(200);
    const token = verified.json<{ scaToken: string }>().scaToken;
    const url = `/api/cards/${card.id}/reveal`;
    const res = await cardCall(t.app, 'POST', url, a.cookie, {}, { [SCA_TOKEN_HEADER]: token });
    expect(res.statusCode).toBe(200);
    expect(CardDetails.parse(res.json()).pan).toBe((await openCard(card.id)).pan);
    expect((await cardCall(t.app, 'POST', url, a.cookie, {}, { [SCA_TOKEN_HEADER]: token })).statusCode).toBe(
      401,
    );
  });

  it('another customer’s token does not reveal my card; a locked card still reveals', async () => {
    const a = await signedIn(t.ctx, t.app, 0);
    const b = await signedIn(t.ctx, t.app, 0);
    const card = await createCardFor(t.app, a.cookie);
    const hers = await grantScaToken(t.ctx, b.customer.id, 'card_reveal', { cardId: card.id });
    const res = await cardCall(
      t.app,
      'POST',
      `/api/cards/${card.id}/reveal`,
      a.cookie,
      {},
      { [SCA_TOKEN_HEADER]: hers },
    );
    expect(res.statusCode).toBe(401);
    await cardCall(t.app, 'POST', `/api/cards/${card.id}/lock`, a.cookie);
    expect((await revealFor(t.ctx, t.app, a.customer.id, a.cookie, card.id)).statusCode).toBe(200);
  });
});

describe('another customer’s card, an unknown or malformed id: 404 « Carte introuvable. » on every route', () => {
  it('every route', async () => {
    const a = await signedIn(t.ctx, t.app, 0);
    const b = await signedIn(t.ctx, t.app, 0);
    const hers = await createCardFor(t.app, b.cookie);
    await createCardFor(t.app, a.cookie);
    for (const id of [
      hers.id,
      randomUUID(),
      'not-a-uuid',
      "1' or '1'='1",
      '00000000-0000-0000-0000-00000000000',
    ]) {
      const token = await grantScaToken(t.ctx, a.customer.id, 'card_reveal', { cardId: id });
      const routes: [Method, string, unknown?, Record<string, string>?][] = [
        ['POST', `/api/cards/${encodeURIComponent(id)}/lock`],
        ['POST', `/api/cards/${encodeURIComponent(id)}/unlock`],
        ['PUT', `/api/cards/${encodeURIComponent(id)}/limits`, LIMITS],
        ['POST', `/api/cards/${encodeURIComponent(id)}/reveal`, {}, { [SCA_TOKEN_HEADER]: token }],
        ['POST', `/api/cards/${encodeURIComponent(id)}/reveal`, {}],
        ['DELETE', `/api/cards/${encodeURIComponent(id)}`],
        ['GET', `/api/cards/${encodeURIComponent(id)}/activity`],
      ];
      for (const [method, url, body, headers] of routes) {
        const res = await cardCall(t.app, method, url, a.cookie, body, headers);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(problem(res)).toMatchObject({ code: 'card_not_found', detail: 'Carte introuvable.' });
      }
    }
    // Her card is untouched and still hers alone.
    const list = await listOf(a.cookie);
    expect(list.map((c) => c.id)).not.toContain(hers.id);
    expect((await listOf(b.cookie))[0]).toMatchObject({
      id: hers.id,
      status: 'active',
      locked: false,
      weeklyLimit: 4000,
    });
  });

  it('without a session every card route is 401', async () => {
    for (const [method, url] of [
      ['GET', '/api/cards'],
      ['POST', '/api/cards'],
      ['GET', `/api/cards/${randomUUID()}/activity`],
    ] as const) {
      expect((await cardCall(t.app, method, url, '')).statusCode).toBe(401);
    }
  });
});

describe('spent sums and activity', () => {
  /** A ledger entry to hang test authorisations on (the sums read only card_authorizations). */
  async function entryFor(accountId: bigint): Promise<bigint> {
    return t.ctx.db.tx(async (q) => {
      const settlement = await glAccount(q, 'gl:card-settlement');
      const ref = await postEntry(q, {
        kind: 'card',
        legs: [
          { accountId: settlement.id, amount: cents(-1) },
          { accountId, amount: cents(1) },
        ],
        at: new Date(),
      });
      return ref.entryId;
    });
  }

  it('weekly and monthly sums: approved (authorized, cleared at its cleared amount) over rolling 7 and 30 days', async () => {
    const a = await signedIn(t.ctx, t.app, 0);
    const card = await createCardFor(t.app, a.cookie);
    const entry = await entryFor(a.account.id);
    const now = t.clock.now().getTime();
    const add = async (
      status: 'authorized' | 'cleared' | 'declined' | 'expired',
      amount: number,
      ageMs: number,
      merchant: string,
    ) =>
      t.ctx.db.query(
        `insert into card_authorizations (card_id, customer_id, amount, merchant, channel, status, reason, entry_id,
           cleared_amount, clearing_entry_id, created_at, cleared_at, expired_at)
         values ($1, $2, $3, $4, 'online', $5, $6, $7, $8, $9, $10, $11, $12)`,
        [
          card.id,
          a.customer.id,
          amount,
          merchant,
          status,
          status === 'declined' ? 'weekly_limit' : null,
          status === 'declined' ? null : String(entry),
          status === 'cleared' ? Math.round(amount * 0.75) : null,
          status === 'cleared' ? String(entry) : null,
          new Date(now - ageMs),
          status === 'cleared' ? new Date(now - ageMs + 60_000) : null,
          status === 'expired' ? new Date(now - ageMs + 7 * DAY) : null,
        ],
      );
    await add('authorized', 1000, 1 * DAY, 'Boulangerie');
    await add('cleared', 2000, 3 * DAY, 'Restaurant'); // counts 1 500
    await add('declined', 5000, 0, 'Refusé');
    await add('expired', 300, 2 * DAY, 'Expiré');
    await add('authorized', 400, 7 * DAY, 'Pile sept jours'); // the weekly window is over (monthly only)
    await add('authorized', 700, 8 * DAY, 'Librairie'); // monthly only
    await add('cleared', 900, 29 * DAY, 'Vieux'); // monthly only: 675
    await add('authorized', 100, 30 * DAY, 'Trop vieux');
    await add('authorized', 100, 31 * DAY, 'Encore plus vieux');
    await t.ctx.db.query(
      `insert into card_refunds (card_id, customer_id, amount, merchant, entry_id, created_at) values ($1, $2, 250, 'Remboursé', $3, $4)`,
      [card.id, a.customer.id, String(entry), new Date(now - 2 * 3_600_000)],
    );

    expect((await listOf(a.cookie))[0]).toMatchObject({
      weeklySpent: 2500,
      monthlySpent: 2500 + 400 + 700 + 675,
    });

    // The windows roll with the clock: four days on, the 3-day-old one leaves the week, the 29-day-old
    // one the month.
    t.clock.advance(4 * DAY + 1);
    try {
      expect((await listOf(await signIn(t.app, a.customer)))[0]).toMatchObject({
        weeklySpent: 1000,
        monthlySpent: 1000 + 1500 + 400 + 700,
      });
    } finally {
      t.clock.advance(-(4 * DAY + 1));
    }

    const activity = await cardCall(t.app, 'GET', `/api/cards/${card.id}/activity`, a.cookie);
    expect(activity.statusCode).toBe(200);
    const lines = CardActivityList.parse(activity.json());
    expect(lines.map((l) => l.merchant)).toEqual([
      'Refusé',
      'Remboursé',
      'Boulangerie',
      'Expiré',
      'Restaurant',
      'Pile sept jours',
      'Librairie',
      'Vieux',
      'Trop vieux',
      'Encore plus vieux',
    ]);
    expect(lines[0]).toMatchObject({
      kind: 'declined',
      amount: 5000,
      reason: 'weekly_limit',
      reasonMessage: 'Paiement refusé : plafond hebdomadaire atteint',
    });
    expect(lines[1]).toMatchObject({ kind: 'refund', amount: 250, channel: null });
    expect(lines.find((l) => l.merchant === 'Restaurant')).toMatchObject({ kind: 'cleared', amount: 1500 });
    expect(lines.find((l) => l.merchant === 'Expiré')).toMatchObject({ kind: 'expired', amount: 300 });
  });

  it('activity answers at most 50 lines, newest first', async () => {
    const a = await signedIn(t.ctx, t.app, 0);
    const card = await createCardFor(t.app, a.cookie);
    const now = t.clock.now().getTime();
    await t.ctx.db.query(
      `insert into card_authorizations (card_id, customer_id, amount, merchant, channel, status, reason, created_at)
       select $1, $2, 100, 'Essai ' || n, 'in_store', 'declined', 'card_locked', $3::timestamptz - n * interval '1 minute'
         from generate_series(1, 60) n`,
      [card.id, a.customer.id, new Date(now)],
    );
    const lines = CardActivityList.parse(
      (await cardCall(t.app, 'GET', `/api/cards/${card.id}/activity`, a.cookie)).json(),
    );
    expect(lines).toHaveLength(50);
    expect(lines[0]?.merchant).toBe('Essai 1');
    expect(lines[49]?.merchant).toBe('Essai 50');
    expect(lines[0]?.reasonMessage).toBe('Paiement refusé : Votre carte est bloquée');
  });
});
