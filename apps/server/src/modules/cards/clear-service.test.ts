import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CardActivity, CardAuthorizationResponse, LiveEvent, Operation } from '@comptoir/contracts';
import { customerAccount, glAccount, ledgerBalance, verifyLedger } from '../../ledger/index.ts';
import { cardFixture, CARD_FIXTURE_PASSWORD, type CardFixture } from '../../testing/card-fixtures.ts';
import { makeTestContext, MUTATION, type TestContext } from '../../testing/test-context.ts';
import { customerCall } from '../../testing/customer-call.ts';
import { signIn } from '../../testing/customers.ts';
import { listenLive } from '../events/__tests__/testing.ts';
import { withinTolerance } from './clear-service.ts';
import { expireCardAuthorizations } from './expire-authorizations-service.ts';

const SANDBOX_KEY = 'cle-sandbox-de-test-reglements-42';
let t: TestContext;
beforeAll(async () => {
  // A database of its own: the expiry job takes every stale authorisation of the database.
  t = await makeTestContext({ rateLimits: false, sandboxApiKey: SANDBOX_KEY }, { ownDatabase: true });
});
afterAll(() => t.close());

const DAY = 24 * 60 * 60 * 1000;
let keys = 0;
const call = (url: string, payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: `/api/sandbox/${url}`,
    headers: {
      ...MUTATION,
      authorization: `Bearer ${SANDBOX_KEY}`,
      'idempotency-key': `card-clear-${process.pid}-${Date.now()}-${keys++}`,
    },
    payload,
  });

async function approve(card: CardFixture, amount: number, merchant = 'Le Petit Zinc'): Promise<string> {
  const r = await call('card-authorizations', {
    pan: card.pan,
    expiry: card.expiry,
    cvv: card.cvv,
    amount,
    merchant,
    channel: 'in_store',
  });
  const body = r.json<CardAuthorizationResponse>();
  expect(body.approved, r.body).toBe(true);
  return body.authorizationId!;
}

const clear = (authorizationId: string, amount: number) =>
  call('card-clearings', { authorizationId, amount });

async function money(card: CardFixture) {
  const a = await customerAccount(t.ctx.db, card.customerId, card.account.id);
  return { booked: a.postedBalance, reserved: a.pendingDebits };
}

async function settlement(): Promise<bigint> {
  return ledgerBalance(t.ctx.db, (await glAccount(t.ctx.db, 'gl:card-settlement')).id);
}

/** A card with high limits: these tests are about money, not limits. */
const holder = (funding: number) =>
  cardFixture(t.ctx, { funding, weeklyLimit: 500_000, monthlyLimit: 1_000_000 });

const clean = async () => expect(await verifyLedger(t.ctx.db)).toEqual([]);

describe('card clearings, expiry and refunds', () => {
  it('checks the ±15 % tolerance in integer cents', () => {
    expect(withinTolerance(11_500n, 10_000n)).toBe(true);
    expect(withinTolerance(11_501n, 10_000n)).toBe(false);
    expect(withinTolerance(8_500n, 10_000n)).toBe(true);
    expect(withinTolerance(8_499n, 10_000n)).toBe(false);
    expect(withinTolerance(1n, 1n)).toBe(true);
  });

  it('a payment has one time on /carte and in the operations, its purchase; the clearing’s is said apart', async () => {
    const card = await holder(10_000);
    // Signed in afresh for each read: the clock moves past the session's idle time.
    const read = async (url: string) => {
      const cookie = await signIn(t.app, {
        id: card.customerId,
        email: card.email,
        password: CARD_FIXTURE_PASSWORD,
      });
      const r = await customerCall(t.app, 'GET', url, cookie);
      expect(r.statusCode, r.body).toBe(200);
      return r;
    };
    const purchasedAt = t.clock.now().toISOString();
    const id = await approve(card, 2_350, 'Boulangerie Paul');
    const activityOf = async () => {
      const r = await read(`/api/cards/${card.cardId}/activity`);
      return r.json<CardActivity[]>().find((line) => line.id === id)!;
    };
    expect(await activityOf()).toMatchObject({ kind: 'authorized', at: purchasedAt, clearedAt: null });

    // Booked two days later by the merchant's clearing.
    t.clock.advance(2 * DAY);
    const clearedAt = t.clock.now().toISOString();
    expect((await clear(id, 2_350)).statusCode).toBe(200);
    expect(await activityOf()).toMatchObject({ kind: 'cleared', at: purchasedAt, clearedAt });

    const ops = await read(`/api/accounts/${card.account.id}/transactions`);
    const operation = ops.json<{ items: Operation[] }>().items.find((o) => o.kind === 'card');
    expect(operation).toMatchObject({ counterpartyName: 'Boulangerie Paul', status: 'posted' });
    expect(new Date(operation!.createdAt).toISOString()).toBe(purchasedAt);
  });

  it('a clearing of the authorised amount books the reservation itself', async () => {
    const card = await holder(10_000);
    const before = await settlement();
    const id = await approve(card, 2_500);
    const r = await clear(id, 2_500);
    expect(r.statusCode, r.body).toBe(200);
    const entry = await t.ctx.db.query<{ number: string; status: string }>(
      `select e.number, e.status from card_authorizations a join ledger_entries e on e.id = a.entry_id where a.id = $1`,
      [id],
    );
    expect(r.json()).toEqual({ authorizationId: id, number: entry.rows[0]!.number, amount: 2_500 });
    expect(entry.rows[0]!.status).toBe('posted');
    expect(await money(card)).toEqual({ booked: 7_500n, reserved: 0n });
    expect((await settlement()) - before).toBe(2_500n);
    await clean();
  });

  it('a partial (lower) clearing releases the rest; a higher one within 15 % takes the tip', async () => {
    const card = await holder(10_000);
    const lower = await approve(card, 4_000);
    expect((await clear(lower, 3_400)).statusCode).toBe(200); // −15 %
    expect(await money(card)).toEqual({ booked: 6_600n, reserved: 0n });
    const higher = await approve(card, 2_000, 'Brasserie Lipp');
    const r = await clear(higher, 2_300); // +15 %
    expect(r.statusCode, r.body).toBe(200);
    expect(await money(card)).toEqual({ booked: 4_300n, reserved: 0n });
    const rows = await t.ctx.db.query<{ status: string; cleared_amount: bigint; voided: string }>(
      `select a.status, a.cleared_amount, e.status as voided
         from card_authorizations a join ledger_entries e on e.id = a.entry_id
        where a.id = any($1::uuid[]) order by a.amount desc`,
      [[lower, higher]],
    );
    expect(rows.rows).toEqual([
      { status: 'cleared', cleared_amount: 3_400n, voided: 'voided' },
      { status: 'cleared', cleared_amount: 2_300n, voided: 'voided' },
    ]);
    await clean();
  });

  it('refuses outside 15 %, twice, unknown, and a tip the balance cannot pay (nothing written)', async () => {
    const card = await holder(1_000);
    const id = await approve(card, 1_000);
    for (const amount of [1_151, 849]) {
      const r = await clear(id, amount);
      expect(r.statusCode).toBe(400);
      expect(r.json<{ detail: string }>().detail).toBe(
        'Le montant réglé doit rester à 15 % près du montant autorisé.',
      );
    }
    // 1 100 > the 1 000 available: the ledger has no overdraft
    const short = await clear(id, 1_100);
    expect(short.statusCode).toBe(422);
    expect(short.json<{ code: string }>().code).toBe('insufficient_funds');
    expect(await money(card)).toEqual({ booked: 1_000n, reserved: 1_000n });
    expect((await clear(id, 1_000)).statusCode).toBe(200);
    const twice = await clear(id, 1_000);
    expect(twice.statusCode).toBe(409);
    expect(await money(card)).toEqual({ booked: 0n, reserved: 0n });
    expect((await clear('00000000-0000-4000-8000-000000000000', 1_000)).statusCode).toBe(404);
    expect((await clear('pas-un-identifiant', 1_000)).statusCode).toBe(404);
    await clean();
  });

  it('an approval not cleared within 7 days expires: reservation released, customer told, no clearing after', async () => {
    const card = await holder(5_000);
    const id = await approve(card, 3_000);
    t.clock.advance(6 * DAY);
    await expireCardAuthorizations(t.ctx);
    expect(await money(card)).toEqual({ booked: 5_000n, reserved: 3_000n });
    const live = await listenLive(t.ctx.db, card.customerId);
    try {
      t.clock.advance(1 * DAY);
      expect(await expireCardAuthorizations(t.ctx)).toBeGreaterThanOrEqual(1);
      expect(await money(card)).toEqual({ booked: 5_000n, reserved: 0n });
      const events: LiveEvent[] = await live.until(1);
      expect(events[0]).toMatchObject({
        type: 'card',
        cardId: card.cardId,
        activity: { id, kind: 'expired' },
      });
    } finally {
      live.stop();
    }
    expect((await clear(id, 3_000)).statusCode).toBe(409);
    // an expired one no longer counts toward the limits: 3 000 + 3 000 would pass 4 000
    await t.ctx.db.query(`update cards set weekly_limit = 4000 where id = $1`, [card.cardId]);
    expect(await approve(card, 3_000)).toBeTruthy();
    await clean();
  });

  it('a refund credits the card’s account, even for a cancelled card; unknown card → 404', async () => {
    const card = await holder(2_000);
    const id = await approve(card, 2_000, 'Fnac');
    expect((await clear(id, 2_000)).statusCode).toBe(200);
    await t.ctx.db.query(`update cards set status = 'cancelled', cancelled_at = now() where id = $1`, [
      card.cardId,
    ]);
    const live = await listenLive(t.ctx.db, card.customerId);
    try {
      const r = await call('card-refunds', { pan: card.pan, amount: 1_250, merchant: 'Fnac' });
      expect(r.statusCode, r.body).toBe(201);
      expect(r.json()).toEqual({ refundId: expect.any(String), number: expect.stringMatching(/^st-\d{8}$/) });
      expect(r.body).not.toContain(card.pan);
      expect(await money(card)).toEqual({ booked: 1_250n, reserved: 0n });
      // the clearing's own event may still be on its way: only the refund's counts here
      const refunds: LiveEvent[] = await live.untilOne(
        (e) => e.type === 'card' && e.activity.kind === 'refund',
      );
      expect(refunds).toEqual([
        {
          type: 'card',
          cardId: card.cardId,
          activity: expect.objectContaining({ kind: 'refund', amount: 1_250, merchant: 'Fnac' }),
        },
      ]);
    } finally {
      live.stop();
    }
    const unknown = await call('card-refunds', { pan: '0990010000000017', amount: 100, merchant: 'Fnac' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<{ detail: string }>().detail).toBe('Carte inconnue.');
    await t.ctx.db.query(`update ledger_accounts set status = 'closed' where id = $1`, [
      String(card.account.id),
    ]);
    const closed = await call('card-refunds', { pan: card.pan, amount: 100, merchant: 'Fnac' });
    expect(closed.statusCode).toBe(409);
    await clean();
  });

  it('leaves the PAN and the CVV nowhere in the database, DATA_DIR or the answers', async () => {
    const card = await holder(10_000);
    const answers: string[] = [];
    const id = await approve(card, 1_000);
    for (const r of [
      await clear(id, 1_100),
      await call('card-authorizations', {
        pan: card.pan,
        expiry: card.expiry,
        cvv: card.cvv === '000' ? '001' : '000',
        amount: 100,
        merchant: 'Faux',
        channel: 'online',
      }),
      await call('card-refunds', { pan: card.pan, amount: 100, merchant: 'Fnac' }),
      await call('card-authorizations', {
        pan: card.pan,
        expiry: card.expiry,
        cvv: '1',
        amount: 1,
        merchant: 'x',
        channel: 'online',
      }),
    ]) {
      answers.push(r.body);
    }
    const tables = await t.ctx.db.query<{ name: string }>(
      `select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    const grouped = card.pan.replace(/(\d{4})(?=\d)/g, '$1 ');
    const cvvJson = new RegExp(`"cvv"\\s*:\\s*"${card.cvv}"`);
    for (const { name } of tables.rows) {
      const dump = await t.ctx.db.query<{ d: string | null }>(
        `select string_agg(row_to_json(x)::text, '') as d from ${name} x`,
      );
      const text = dump.rows[0]!.d ?? '';
      expect(text, name).not.toContain(card.pan);
      expect(text, name).not.toContain(grouped);
      expect(text, name).not.toMatch(cvvJson);
    }
    for (const body of answers) {
      expect(body).not.toContain(card.pan);
      expect(body).not.toMatch(cvvJson);
    }
    const files = readdirSync(t.ctx.config.dataDir, { recursive: true, withFileTypes: true }).filter((f) =>
      f.isFile(),
    );
    for (const f of files) {
      const content = readFileSync(join(f.parentPath, f.name), 'latin1');
      expect(content).not.toContain(card.pan);
    }
  });
});
