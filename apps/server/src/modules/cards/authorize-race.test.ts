import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerAccount, verifyLedger } from '../../ledger/index.ts';
import { cardFixture, type CardFixture } from '../../testing/card-fixtures.ts';
import { makeTestContext, openOwnTestDb, type TestContext } from '../../testing/test-context.ts';
import { AppError } from '../../errors.ts';
import { authorizeCardPayment } from './authorize-service.ts';
import { clearCardAuthorization } from './clear-service.ts';
import { expireCardAuthorizations } from './expire-authorizations-service.ts';

// Issue 9, item 4, on real PostgreSQL row locks: 200 authorisations of one card at once, from a pool
// of 16 connections. Racing for the last euros of the balance, or the last of the weekly limit, they
// never both pass: exactly as many are approved as the money (the limit) allows, no more.
const PARALLEL = 200;
const AMOUNT = 100;

describe.skipIf(!process.env.DATABASE_URL)('card authorisations racing (PostgreSQL)', () => {
  let t: TestContext;
  beforeAll(async () => {
    // A database of its own: the expiry job below takes every stale authorisation of the database.
    t = await makeTestContext({ rateLimits: false }, { db: await openOwnTestDb(16) });
  });
  afterAll(async () => {
    await t.close();
    await t.ctx.db.close();
  });

  let run = 0;
  async function race(card: CardFixture) {
    run++;
    const results = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        authorizeCardPayment(t.ctx, { kind: 'key' }, `race-${process.pid}-${Date.now()}-${run}-${i}`, {
          pan: card.pan,
          expiry: card.expiry,
          cvv: card.cvv,
          amount: AMOUNT,
          merchant: 'Course',
          // In store: online, the low-value exemption would stop them after 5 (its own race is in
          // modules/card-authentications/exemption-race.test.ts).
          channel: 'in_store',
        }),
      ),
    );
    const approved = results.filter((r) => r.body.approved).length;
    const reasons = new Set(results.filter((r) => !r.body.approved).map((r) => r.body.reason));
    const account = await customerAccount(t.ctx.db, card.customerId, card.account.id);
    return { approved, reasons, reserved: account.pendingDebits, booked: account.postedBalance };
  }

  it('for the last euros of the balance: approved total ≤ balance, exactly', async () => {
    const card = await cardFixture(t.ctx, { funding: 10_000, weeklyLimit: 500_000, monthlyLimit: 1_000_000 });
    const r = await race(card);
    expect(r.approved).toBe(100);
    expect(r.reasons).toEqual(new Set(['insufficient_funds']));
    expect(r.reserved).toBe(10_000n);
    expect(r.booked).toBe(10_000n);
    expect(await verifyLedger(t.ctx.db)).toEqual([]);
  }, 60_000);

  it('for the last of the weekly limit: approved total ≤ limit, exactly', async () => {
    const card = await cardFixture(t.ctx, {
      funding: 1_000_000,
      weeklyLimit: 7_000,
      monthlyLimit: 1_000_000,
    });
    const r = await race(card);
    expect(r.approved).toBe(70);
    expect(r.reasons).toEqual(new Set(['weekly_limit']));
    expect(r.reserved).toBe(7_000n);
    expect(await verifyLedger(t.ctx.db)).toEqual([]);
  }, 60_000);

  it('for the last of the monthly limit while the balance also runs out', async () => {
    const card = await cardFixture(t.ctx, { funding: 5_050, weeklyLimit: 500_000, monthlyLimit: 6_000 });
    const r = await race(card);
    expect(r.approved).toBe(50);
    expect(r.reasons).toEqual(new Set(['insufficient_funds']));
    expect(r.reserved).toBe(5_000n);
    expect(await verifyLedger(t.ctx.db)).toEqual([]);
  }, 60_000);

  it('clearings, the expiry job of another instance and new authorisations on the same cards: each approval ends once', async () => {
    const DAY = 24 * 60 * 60 * 1000;
    const other = await makeTestContext({ rateLimits: false }, { db: t.ctx.db });
    try {
      const cards: CardFixture[] = [];
      for (let i = 0; i < 8; i++) {
        cards.push(
          await cardFixture(t.ctx, { funding: 1_000_000, weeklyLimit: 500_000, monthlyLimit: 1_000_000 }),
        );
      }
      const pay = (card: CardFixture, i: number, amount: number) =>
        authorizeCardPayment(t.ctx, { kind: 'key' }, `mix-${process.pid}-${Date.now()}-${i}`, {
          pan: card.pan,
          expiry: card.expiry,
          cvv: card.cvv,
          amount,
          merchant: 'Mélange',
          channel: 'in_store',
        });
      const first = await Promise.all(Array.from({ length: 200 }, (_, i) => pay(cards[i % 8]!, i, 1_000)));
      const ids = first.map((r) => r.body.authorizationId!);
      expect(first.every((r) => r.body.approved)).toBe(true);

      // This instance clears within the 7 days; the other one's clock is past them and expires.
      t.clock.advance(6 * DAY);
      other.clock.advance(7 * DAY + 60_000);
      const outcomes = await Promise.all([
        ...ids.map((id, i) =>
          clearCardAuthorization(
            t.ctx,
            { kind: 'key' },
            { authorizationId: id, amount: 900 + (i % 5) * 50 },
          ).then(
            (r) => ({ id, cleared: r.amount }),
            (e: unknown) => ({ id, error: e instanceof AppError ? e.status : String(e) }),
          ),
        ),
        ...Array.from({ length: 4 }, () => expireCardAuthorizations(other.ctx, 10).then(() => null)),
        ...Array.from({ length: 100 }, (_, i) => pay(cards[i % 8]!, 1_000 + i, 500).then(() => null)),
      ]);
      const clearings = outcomes.filter((o) => o !== null);
      expect(clearings.every((o) => 'cleared' in o || o.error === 409)).toBe(true);
      await expireCardAuthorizations(other.ctx, 10);

      const rows = await t.ctx.db.query<{ status: string; n: number; total: bigint }>(
        `select status, count(*)::int as n, coalesce(sum(coalesce(cleared_amount, amount)), 0)::bigint as total
           from card_authorizations where id = any($1::uuid[]) group by status order by status`,
        [ids],
      );
      const cleared = clearings.filter((o) => 'cleared' in o);
      expect(rows.rows.reduce((n, r) => n + r.n, 0)).toBe(200);
      expect(rows.rows.find((r) => r.status === 'cleared')?.n ?? 0).toBe(cleared.length);
      expect(rows.rows.every((r) => r.status === 'cleared' || r.status === 'expired')).toBe(true);
      const clearedTotal = cleared.reduce((sum, o) => sum + ('cleared' in o ? o.cleared : 0), 0);
      let booked = 0n;
      let reserved = 0n;
      for (const card of cards) {
        const a = await customerAccount(t.ctx.db, card.customerId, card.account.id);
        booked += a.postedBalance;
        reserved += a.pendingDebits;
      }
      expect(booked).toBe(BigInt(8 * 1_000_000 - clearedTotal));
      expect(reserved).toBe(100n * 500n); // the new ones, still open
      expect(await verifyLedger(t.ctx.db)).toEqual([]);
    } finally {
      await other.close();
    }
  }, 120_000);
});
