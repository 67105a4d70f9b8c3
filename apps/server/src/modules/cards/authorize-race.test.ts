import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerAccount, verifyLedger } from '../../ledger/index.ts';
import { cardFixture, type CardFixture } from '../../testing/card-fixtures.ts';
import { makeTestContext, openTestDb, type TestContext } from '../../testing/test-context.ts';
import { authorizeCardPayment } from './authorize-service.ts';

// Issue 9, item 4, on real PostgreSQL row locks: 200 authorisations of one card at once, from a pool
// of 16 connections. Racing for the last euros of the balance, or the last of the weekly limit, they
// never both pass: exactly as many are approved as the money (the limit) allows, no more.
const PARALLEL = 200;
const AMOUNT = 100;

describe.skipIf(!process.env.DATABASE_URL)('card authorisations racing (PostgreSQL)', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await makeTestContext({ rateLimits: false }, { db: await openTestDb(16) });
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
          channel: 'online',
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
});
