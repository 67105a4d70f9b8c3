import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CARD_DECLINE_REASONS,
  CARD_WRONG_DETAILS_LIMIT,
  type Card,
  type CardAuthorizationResponse,
  type CardChannel,
  type LiveEvent,
} from '@comptoir/contracts';
import { customerAccount, verifyLedger } from '../../ledger/index.ts';
import { insertCustomerFreeze, markFreezeLifted } from '../../testing/asset-freezes.ts';
import { cardFixture, CARD_FIXTURE_PASSWORD, type CardFixture } from '../../testing/card-fixtures.ts';
import { makeTestContext, MUTATION, type TestContext } from '../../testing/test-context.ts';
import { signIn } from '../../testing/customers.ts';
import { listenLive } from '../events/__tests__/testing.ts';
import { newOperator, signIn as operatorSignIn, withOperator } from '../operators/__tests__/testing.ts';
import { expiryMonth } from './authorize-service.ts';

const SANDBOX_KEY = 'cle-sandbox-de-test-0123456789';
let t: TestContext;
let operatorToken: string;
let operator: Awaited<ReturnType<typeof newOperator>>;
beforeAll(async () => {
  t = await makeTestContext({ rateLimits: false, sandboxApiKey: SANDBOX_KEY });
  operator = await newOperator(t, 'compliance');
  operatorToken = await operatorSignIn(t, operator);
});
afterAll(() => t.close());

const DAY = 24 * 60 * 60 * 1000;
let keys = 0;
const newKey = () => `card-auth-${process.pid}-${Date.now()}-${keys++}`;

interface Payment {
  amount?: number;
  merchant?: string;
  channel?: CardChannel;
  cvv?: string;
  expiry?: string;
  pan?: string;
  agreementReference?: string;
}

/** As an operator when `key` is given (audited), else with the sandbox key (the clock moves here). */
function authorize(card: CardFixture, p: Payment = {}, key?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/sandbox/card-authorizations',
    headers: key
      ? { ...MUTATION, 'idempotency-key': key }
      : { ...MUTATION, 'idempotency-key': newKey(), authorization: `Bearer ${SANDBOX_KEY}` },
    ...(key ? { cookies: withOperator(operatorToken) } : {}),
    payload: {
      pan: p.pan ?? card.pan,
      expiry: p.expiry ?? card.expiry,
      cvv: p.cvv ?? card.cvv,
      amount: p.amount ?? 1_000,
      merchant: p.merchant ?? 'Boulangerie Paul',
      channel: p.channel ?? 'in_store',
      ...(p.agreementReference ? { agreementReference: p.agreementReference } : {}),
    },
  });
}

/** A blocking document request on the customer (the hold of docs/product/statements-and-documents.md#documents-the-bank-asks-for), in the given status; its id. */
async function holdCustomer(customerId: string, status: 'open' | 'submitted'): Promise<string> {
  const { rows } = await t.ctx.db.query<{ id: string }>(
    `insert into document_requests (customer_id, kind, reason, blocking, status)
     values ($1, 'funds_origin', 'Origine du virement', true, $2) returning id`,
    [customerId, status],
  );
  return rows[0]!.id;
}

async function decision(card: CardFixture, p: Payment = {}): Promise<CardAuthorizationResponse> {
  const r = await authorize(card, p);
  expect(r.statusCode, r.body).toBe(200);
  return r.json<CardAuthorizationResponse>();
}

const setCard = (card: CardFixture, set: string) =>
  t.ctx.db.query(`update cards set ${set} where id = $1`, [card.cardId]);
const otherCvv = (cvv: string) => String((Number(cvv) + 1) % 1000).padStart(3, '0');

describe('POST /api/sandbox/card-authorizations', () => {
  it('reads MM/YY as the first day of the month', () => {
    expect(expiryMonth('07/29')).toBe('2029-07-01');
    expect(expiryMonth('13/29')).toBeNull();
  });

  it('approves: reserves the amount (available drops, booked unchanged), « En cours » card operation with the merchant', async () => {
    const card = await cardFixture(t.ctx, { funding: 10_000 });
    const body = await decision(card, {
      amount: 2_345,
      merchant: 'Café de Flore',
      pan: card.pan.replace(/(\d{4})/g, '$1 '),
    });
    expect(body).toEqual({ approved: true, authorizationId: expect.any(String) });
    const account = await customerAccount(t.ctx.db, card.customerId, card.account.id);
    expect(account.postedBalance).toBe(10_000n);
    expect(account.pendingDebits).toBe(2_345n);

    const cookie = await signIn(t.app, {
      id: card.customerId,
      email: card.email,
      password: CARD_FIXTURE_PASSWORD,
    });
    const ops = await t.app.inject({
      method: 'GET',
      url: `/api/accounts/${card.account.id}/transactions`,
      headers: { cookie },
    });
    expect(ops.statusCode).toBe(200);
    expect(ops.json<{ items: unknown[] }>().items[0]).toMatchObject({
      kind: 'card',
      status: 'pending',
      amount: -2_345,
      counterpartyName: 'Café de Flore',
      description: 'Carte',
    });
    const row = await t.ctx.db.query<{ status: string; reason: string | null; channel: string }>(
      'select status, reason, channel from card_authorizations where id = $1',
      [body.authorizationId],
    );
    expect(row.rows).toEqual([{ status: 'authorized', reason: null, channel: 'in_store' }]);
    expect(await verifyLedger(t.ctx.db)).toEqual([]);
  });

  it('reaches every decline reason, the first failing rule in the documented order', async () => {
    const reached = new Set<string>();
    const expectDecline = async (card: CardFixture, p: Payment, reason: string) => {
      const body = await decision(card, p);
      expect(body.approved).toBe(false);
      expect(body.reason).toBe(reason);
      reached.add(reason);
      return body;
    };

    // unknown card: recorded, but without card, customer nor id in the answer
    const any = await cardFixture(t.ctx, { funding: 100_000 });
    const unknown = await expectDecline(any, { pan: '0990010000000017' }, 'unknown_card');
    expect(unknown.authorizationId).toBeUndefined();

    // expired AND locked AND wrong CVV → card_expired
    const expired = await cardFixture(t.ctx, { funding: 100_000 });
    await setCard(expired, `expires_month = date '2020-01-01', locked = true`);
    await expectDecline(expired, { cvv: otherCvv(expired.cvv) }, 'card_expired');
    const expiredStatus = await cardFixture(t.ctx, { funding: 100_000 });
    await setCard(expiredStatus, `status = 'expired'`);
    await expectDecline(expiredStatus, {}, 'card_expired');

    // cancelled AND locked → card_cancelled
    const cancelled = await cardFixture(t.ctx, { funding: 100_000 });
    await setCard(cancelled, `status = 'cancelled', cancelled_at = now(), locked = true`);
    await expectDecline(cancelled, {}, 'card_cancelled');

    // locked AND wrong CVV AND channel off → card_locked
    const locked = await cardFixture(t.ctx, { funding: 100_000 });
    await setCard(locked, `locked = true, online_enabled = false`);
    await expectDecline(locked, { cvv: otherCvv(locked.cvv), channel: 'online' }, 'card_locked');

    // wrong CVV or wrong expiry, channel off too → invalid_card_details
    const details = await cardFixture(t.ctx, { funding: 100_000 });
    await setCard(details, `atm_enabled = false`);
    await expectDecline(details, { cvv: otherCvv(details.cvv), channel: 'atm' }, 'invalid_card_details');
    await expectDecline(
      details,
      { expiry: '01/30' === details.expiry ? '02/30' : '01/30' },
      'invalid_card_details',
    );

    // a third wrong CVV within 24 h, then even the right details (channel off too) → too_many_attempts
    await expectDecline(details, { cvv: otherCvv(details.cvv) }, 'invalid_card_details');
    await expectDecline(details, { channel: 'atm' }, 'too_many_attempts');

    // channel off AND over the weekly limit → channel_disabled
    const channel = await cardFixture(t.ctx, { funding: 100_000 });
    await setCard(channel, `online_enabled = false`);
    await expectDecline(channel, { channel: 'online', amount: 50_000 }, 'channel_disabled');
    expect((await decision(channel, { channel: 'in_store' })).approved).toBe(true);

    // online, above the low-value exemption and without an authentication value, over the weekly
    // limit and the balance too → authentication_required (docs/cards.md#3-d-secure)
    const unauthenticated = await cardFixture(t.ctx, { funding: 1_000, weeklyLimit: 3_000 });
    await expectDecline(unauthenticated, { channel: 'online', amount: 3_001 }, 'authentication_required');

    // recurring without the agreement of an authenticated first payment with the merchant, over the
    // weekly limit and the balance too → agreement_required (docs/cards.md#recurring-payments)
    await expectDecline(unauthenticated, { channel: 'recurring', amount: 3_001 }, 'agreement_required');

    // over the weekly AND monthly limits AND the balance → weekly_limit
    const weekly = await cardFixture(t.ctx, { funding: 1_000, weeklyLimit: 4_000, monthlyLimit: 4_000 });
    await expectDecline(weekly, { amount: 4_001 }, 'weekly_limit');
    // the message the customer reads
    const live = await t.ctx.db.query<{ reason: string }>(
      `select reason from card_authorizations where card_id = $1`,
      [weekly.cardId],
    );
    expect(live.rows).toEqual([{ reason: 'weekly_limit' }]);

    // over the monthly limit and the balance, within the weekly → monthly_limit
    const monthly = await cardFixture(t.ctx, { funding: 1_000, weeklyLimit: 10_000, monthlyLimit: 3_000 });
    await expectDecline(monthly, { amount: 3_500 }, 'monthly_limit');

    // account closed, a blocking document request and the balance short too → account_not_open
    const closed = await cardFixture(t.ctx, { funding: 0 });
    await t.ctx.db.query(`update ledger_accounts set status = 'closed' where id = $1`, [
      String(closed.account.id),
    ]);
    await holdCustomer(closed.customerId, 'open');
    await expectDecline(closed, {}, 'account_not_open');

    // an asset freeze, a blocking document request and the balance short too → account_frozen
    const frozen = await cardFixture(t.ctx, { funding: 0 });
    await insertCustomerFreeze(t.ctx.db, frozen.customerId, { at: t.clock.now() });
    await holdCustomer(frozen.customerId, 'open');
    await expectDecline(frozen, {}, 'account_frozen');

    // a blocking document request (open, or sent and not yet accepted), balance short too → compliance_hold
    const held = await cardFixture(t.ctx, { funding: 0 });
    const requestId = await holdCustomer(held.customerId, 'open');
    await expectDecline(held, {}, 'compliance_hold');
    await t.ctx.db.query(`update document_requests set status = 'submitted' where id = $1`, [requestId]);
    await expectDecline(held, {}, 'compliance_hold');
    const notBlocking = await cardFixture(t.ctx, { funding: 100_000 });
    await t.ctx.db.query(
      `insert into document_requests (customer_id, kind, reason, blocking) values ($1, 'additional', 'x', false)`,
      [notBlocking.customerId],
    );
    expect((await decision(notBlocking, {})).approved).toBe(true);

    // all rules pass but the money → insufficient_funds; nothing reserved
    const poor = await cardFixture(t.ctx, { funding: 999 });
    await expectDecline(poor, { amount: 1_000 }, 'insufficient_funds');
    expect((await customerAccount(t.ctx.db, poor.customerId, poor.account.id)).pendingDebits).toBe(0n);

    expect([...reached].sort()).toEqual([...CARD_DECLINE_REASONS].sort());
    const declined = await t.ctx.db.query<{ n: number }>(
      `select count(*)::int as n from card_authorizations where status = 'declined' and entry_id is not null`,
    );
    expect(declined.rows[0]!.n).toBe(0);
    expect(await verifyLedger(t.ctx.db)).toEqual([]);
  });

  it('a frozen customer’s card payment is declined `account_frozen` with no ledger entry; lifted, it goes through (docs/screening.md#freezing-in-the-payment-paths)', async () => {
    const card = await cardFixture(t.ctx, { funding: 10_000 });
    const entries = async () =>
      (
        await t.ctx.db.query<{ n: number }>(
          `select count(*)::int as n from ledger_postings where account_id = $1`,
          [String(card.account.id)],
        )
      ).rows[0]!.n;
    const before = await entries();
    const freezeId = await insertCustomerFreeze(t.ctx.db, card.customerId, { at: t.clock.now() });
    for (const channel of ['in_store', 'online', 'atm'] as const) {
      const body = await decision(card, { channel, amount: 500 });
      expect(body, channel).toMatchObject({ approved: false, reason: 'account_frozen' });
    }
    // Nothing reserved, no entry: the decline is recorded on the card, not in the ledger.
    expect(await entries()).toBe(before);
    expect((await customerAccount(t.ctx.db, card.customerId, card.account.id)).pendingDebits).toBe(0n);
    const declined = await t.ctx.db.query<{ reason: string; entry_id: bigint | null }>(
      `select reason, entry_id from card_authorizations where card_id = $1`,
      [card.cardId],
    );
    expect(declined.rows).toEqual(Array(3).fill({ reason: 'account_frozen', entry_id: null }));
    // The lifting proposed is not yet a lifting: still declined.
    await t.ctx.db.query(`update asset_freezes set status = 'lift_proposed' where id = $1`, [freezeId]);
    expect(await decision(card, { amount: 500 })).toMatchObject({ reason: 'account_frozen' });
    // Lifted: the very next payment is approved.
    await markFreezeLifted(t.ctx.db, freezeId, t.clock.now());
    expect((await decision(card, { amount: 500 })).approved).toBe(true);
    expect(await verifyLedger(t.ctx.db)).toEqual([]);
  });

  it('« Paiements récurrents »: approved while the customer allows them (the default), declined `channel_disabled` and told live once switched off', async () => {
    const card = await cardFixture(t.ctx, { funding: 10_000 });
    const cookie = await signIn(t.app, {
      id: card.customerId,
      email: card.email,
      password: CARD_FIXTURE_PASSWORD,
    });
    const cardNow = async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/cards', headers: { cookie } });
      return res.json<Card[]>().find((c) => c.id === card.cardId)!;
    };
    const setRecurring = async (recurring: boolean) => {
      const { weeklyLimit, monthlyLimit, channels } = await cardNow();
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/cards/${card.cardId}/limits`,
        headers: { ...MUTATION, cookie },
        payload: { weeklyLimit, monthlyLimit, channels: { ...channels, recurring } },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<Card>().channels.recurring).toBe(recurring);
    };

    // The agreements a holder's 3-D Secure-authenticated first payment makes with each merchant
    // (card-authentications/agreements.test.ts), set here directly on one of the card's payments.
    const agreement = async (merchant: string) => {
      const made = await decision(card, { amount: 100, merchant });
      const reference = `agr_${merchant.toLowerCase()}`;
      await t.ctx.db.query(
        `insert into card_agreements (reference, card_id, merchant, authorization_id, created_at)
         values ($1, $2, $3, $4, $5)`,
        [reference, card.cardId, merchant, made.authorizationId, t.clock.now()],
      );
      return reference;
    };
    const netflix = await agreement('Netflix');
    const deezer = await agreement('Deezer');

    // A new card takes them, like the other channels.
    expect((await cardNow()).channels).toEqual({ online: true, inStore: true, atm: true, recurring: true });
    const first = await decision(card, {
      channel: 'recurring',
      merchant: 'Netflix',
      amount: 1_399,
      agreementReference: netflix,
    });
    expect(first).toEqual({ approved: true, authorizationId: expect.any(String) });

    await setRecurring(false);
    const live = await listenLive(t.ctx.db, card.customerId);
    try {
      const declined = await decision(card, {
        channel: 'recurring',
        merchant: 'Deezer',
        amount: 1_199,
        agreementReference: deezer,
      });
      expect(declined).toMatchObject({ approved: false, reason: 'channel_disabled' });
      expect(await live.until(1)).toEqual([
        {
          type: 'card',
          cardId: card.cardId,
          activity: expect.objectContaining({
            id: declined.authorizationId,
            kind: 'declined',
            merchant: 'Deezer',
            channel: 'recurring',
            reason: 'channel_disabled',
            reasonMessage: 'Paiement refusé : ce type de paiement est désactivé sur votre carte',
          }),
        },
      ]);
    } finally {
      live.stop();
    }
    // Only that channel: the customer's own online payment still goes through.
    expect((await decision(card, { channel: 'online', amount: 500 })).approved).toBe(true);

    await setRecurring(true);
    expect(
      (
        await decision(card, {
          channel: 'recurring',
          merchant: 'Deezer',
          amount: 1_199,
          agreementReference: deezer,
        })
      ).approved,
    ).toBe(true);
    const rows = await t.ctx.db.query<{
      merchant: string;
      channel: string;
      status: string;
      reason: string | null;
    }>(
      `select merchant, channel, status, reason from card_authorizations where card_id = $1 order by merchant, status`,
      [card.cardId],
    );
    expect(rows.rows.filter((r) => r.channel === 'recurring')).toEqual([
      { merchant: 'Deezer', channel: 'recurring', status: 'authorized', reason: null },
      { merchant: 'Deezer', channel: 'recurring', status: 'declined', reason: 'channel_disabled' },
      { merchant: 'Netflix', channel: 'recurring', status: 'authorized', reason: null },
    ]);
  });

  it('three wrong CVVs or expiries in 24 hours block the card until the oldest is 24 hours old', async () => {
    const card = await cardFixture(t.ctx, { funding: 100_000 });
    for (let i = 0; i < CARD_WRONG_DETAILS_LIMIT; i++) {
      t.clock.advance(60_000);
      expect((await decision(card, { cvv: otherCvv(card.cvv) })).reason).toBe('invalid_card_details');
    }
    // Guessing on is useless: the right CVV is declined like the others, and says so.
    expect(await decision(card, {})).toMatchObject({ approved: false, reason: 'too_many_attempts' });
    expect(await decision(card, { cvv: otherCvv(card.cvv) })).toMatchObject({ reason: 'too_many_attempts' });
    // 24 hours after the first wrong one, two remain in the window: the right details pass again.
    t.clock.advance(24 * 60 * 60 * 1000 - 2 * 60_000);
    expect(await decision(card, {})).toMatchObject({ approved: true });
    expect(await verifyLedger(t.ctx.db)).toEqual([]);
  });

  it('limits count approved payments over rolling 7- and 30-day windows', async () => {
    const card = await cardFixture(t.ctx, { funding: 100_000, weeklyLimit: 5_000, monthlyLimit: 8_000 });
    expect((await decision(card, { amount: 4_000 })).approved).toBe(true);
    // the same week: 4 000 + 1 001 > 5 000
    expect(await decision(card, { amount: 1_001 })).toMatchObject({
      approved: false,
      reason: 'weekly_limit',
    });
    // a decline does not count: 4 000 + 1 000 = 5 000 passes
    expect((await decision(card, { amount: 1_000 })).approved).toBe(true);

    // 8 days later: out of the weekly window, still in the monthly one (5 000 spent of 8 000)
    t.clock.advance(8 * DAY);
    expect(await decision(card, { amount: 3_001 })).toMatchObject({
      approved: false,
      reason: 'monthly_limit',
    });
    expect((await decision(card, { amount: 3_000 })).approved).toBe(true);

    // 31 days after the first ones and 23 after the last: only the last 3 000 counts (monthly),
    // so 3 000 + 5 000 = 8 000 passes, and one cent more does not
    t.clock.advance(23 * DAY);
    expect((await decision(card, { amount: 5_000 })).approved).toBe(true);
    expect(await decision(card, { amount: 1 })).toMatchObject({ approved: false, reason: 'weekly_limit' });
    await setCard(card, 'weekly_limit = 500000');
    expect(await decision(card, { amount: 1 })).toMatchObject({ approved: false, reason: 'monthly_limit' });
  });

  it('tells the customer live: approvals and declines', async () => {
    const card = await cardFixture(t.ctx, { funding: 5_000 });
    const live = await listenLive(t.ctx.db, card.customerId);
    try {
      const ok = await decision(card, { amount: 1_500, merchant: 'Monoprix' });
      await setCard(card, 'locked = true');
      const ko = await decision(card, { amount: 700, merchant: 'Fnac' });
      const events: LiveEvent[] = await live.until(2);
      expect(events).toEqual([
        {
          type: 'card',
          cardId: card.cardId,
          activity: expect.objectContaining({
            id: ok.authorizationId,
            kind: 'authorized',
            amount: 1_500,
            merchant: 'Monoprix',
            reason: null,
          }),
        },
        {
          type: 'card',
          cardId: card.cardId,
          activity: expect.objectContaining({
            id: ko.authorizationId,
            kind: 'declined',
            amount: 700,
            merchant: 'Fnac',
            reason: 'card_locked',
            reasonMessage: 'Paiement refusé : Votre carte est bloquée',
          }),
        },
      ]);
    } finally {
      live.stop();
    }
  });

  it('is idempotent, and neither answers nor the idempotency record hold the PAN or the CVV', async () => {
    operatorToken = await operatorSignIn(t, operator); // the clock has moved: a fresh session
    const card = await cardFixture(t.ctx, { funding: 5_000 });
    const key = newKey();
    const first = await authorize(card, { amount: 1_234 }, key);
    const again = await authorize(card, { amount: 1_234 }, key);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect((await customerAccount(t.ctx.db, card.customerId, card.account.id)).pendingDebits).toBe(1_234n);
    const other = await authorize(card, { amount: 1_235 }, key);
    expect(other.statusCode).toBe(409);
    const noKey = await t.app.inject({
      method: 'POST',
      url: '/api/sandbox/card-authorizations',
      headers: MUTATION,
      cookies: withOperator(operatorToken),
      payload: {
        pan: card.pan,
        expiry: card.expiry,
        cvv: card.cvv,
        amount: 1,
        merchant: 'x',
        channel: 'online',
      },
    });
    expect(noKey.statusCode).toBe(400);
    const bad = await authorize(card, { pan: `${card.pan.slice(0, 15)}x` });
    expect(bad.statusCode).toBe(400);
    for (const r of [first, again, other, noKey, bad]) {
      expect(r.body).not.toContain(card.pan);
      expect(r.body).not.toContain(card.pan.slice(0, 12));
    }
    const stored = await t.ctx.db.query<{ dump: string }>(
      `select coalesce(string_agg(row_to_json(k)::text, ''), '') as dump from idempotency_keys k`,
    );
    expect(stored.rows[0]!.dump).not.toContain(card.pan);
    const audit = await t.ctx.db.query<{ dump: string }>(
      `select coalesce(string_agg(details::text, ''), '') as dump from audit_log where action = 'sandbox.card_authorization'`,
    );
    expect(audit.rows[0]!.dump).not.toContain(card.pan);
    expect(audit.rows[0]!.dump).toContain('"approved": true');
  });
});
