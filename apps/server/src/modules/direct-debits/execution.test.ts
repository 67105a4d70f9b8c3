import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIRECT_DEBIT_RETURN_MESSAGES, type DirectDebitCollection } from '@comptoir/contracts';
import { closeCustomerAccounts, glAccount, verifyLedger } from '../../ledger/index.ts';
import { makeTestContext, type TestContext } from '../../testing/test-context.ts';
import { signIn, type TestCustomer } from '../../testing/customers.ts';
import { insertCustomerFreeze, markFreezeLifted } from '../../testing/asset-freezes.ts';
import { balances, signedIn } from '../transfers/__tests__/testing.ts';
import { executeDueDirectDebits } from './execute-service.ts';
import { announced, announcement, call, present, SANDBOX_KEY, setNow } from './__tests__/helpers.ts';

let t: TestContext;
beforeAll(async () => {
  // The job takes every due collection of the database: this file has its own (on PostgreSQL too).
  t = await makeTestContext({ rateLimits: false, sandboxApiKey: SANDBOX_KEY }, { ownDatabase: true });
});
afterAll(async () => {
  expect(await verifyLedger(t.ctx.db)).toEqual([]);
  await t.close();
});

const ANNOUNCED_ON = '2026-04-01T10:00:00+02:00'; // a Wednesday
const DUE = '2026-04-07'; // the Tuesday after Easter Monday
const ON_DUE_DATE = '2026-04-07T08:00:00+02:00';

/** A signed-in customer funded with `funding` cents, and one collection announced on their account. */
async function withCollection(funding: number, over: Record<string, unknown> = {}) {
  setNow(t, ANNOUNCED_ON);
  const a = await signedIn(t.ctx, t.app, funding);
  const c = await announced(t, announcement(a.account.iban ?? '', DUE, over));
  return { ...a, c };
}

/** The collection as the customer reads it now (signed in afresh: the clock moves by days). */
async function collectionNow(a: { customer: TestCustomer }, id: string): Promise<DirectDebitCollection> {
  const res = await call(t, await signIn(t.app, a.customer), 'GET', '/api/direct-debits/collections');
  if (res.statusCode !== 200) throw new Error(`list: ${res.statusCode} ${res.body}`);
  const found = res.json<{ items: DirectDebitCollection[] }>().items.find((c) => c.id === id);
  if (!found) throw new Error('collection not listed');
  return found;
}

async function runOnDueDate() {
  setNow(t, ON_DUE_DATE);
  await executeDueDirectDebits(t.ctx);
}

const notificationsOf = async (customerId: string) =>
  (
    await t.ctx.db.query<{ kind: string; reason: string | null }>(
      'select kind, reason from notifications where customer_id = $1 order by seq',
      [customerId],
    )
  ).rows;

describe('execution on the due date', () => {
  it('books a payable collection in one direct_debit entry, from the account to SEPA clearing', async () => {
    const a = await withCollection(10_000, { mandateId: 'RUM-42', remittanceInfo: 'Facture 2026-04' });
    setNow(t, '2026-04-02T18:00:00+02:00'); // the day before: nothing yet
    await executeDueDirectDebits(t.ctx);
    expect((await collectionNow(a, a.c.id)).status).toBe('announced');

    await runOnDueDate();
    const done = await collectionNow(a, a.c.id);
    expect(done).toMatchObject({
      status: 'booked',
      returnReason: null,
      number: expect.stringMatching(/^st-\d{8}$/),
    });
    expect(await balances(t.ctx, a.account)).toEqual({ posted: 1_060n, pending: 0n });

    const entry = await t.ctx.db.query<Record<string, unknown>>(
      `select e.kind, e.status, e.counterparty_name, e.reference, e.number
         from ledger_entries e join direct_debit_collections c on c.entry_id = e.id where c.id = $1`,
      [a.c.id],
    );
    expect(entry.rows).toEqual([
      {
        kind: 'direct_debit',
        status: 'posted',
        counterparty_name: 'Energie Verte',
        reference: 'RUM-42 / Facture 2026-04',
        number: done.number,
      },
    ]);
    const clearing = await glAccount(t.ctx.db, 'gl:sepa-clearing');
    const legs = await t.ctx.db.query<{ account_id: bigint; amount: bigint }>(
      `select p.account_id, p.amount from ledger_postings p join direct_debit_collections c on c.entry_id = p.entry_id
        where c.id = $1 order by p.amount`,
      [a.c.id],
    );
    expect(legs.rows).toEqual([
      { account_id: a.account.id, amount: -8_940n },
      { account_id: clearing.id, amount: 8_940n },
    ]);
    const mandates = await call(t, await signIn(t.app, a.customer), 'GET', '/api/direct-debits/mandates');
    expect(mandates.json<{ items: { lastCollectionAt: string | null }[] }>().items[0]?.lastCollectionAt).toBe(
      new Date(ON_DUE_DATE).toISOString(),
    );
  });

  it('waits for a business day: a collection due on Thursday is not taken on Good Friday nor Easter Monday', async () => {
    setNow(t, ANNOUNCED_ON);
    const a = await signedIn(t.ctx, t.app, 10_000);
    const c = await announced(t, announcement(a.account.iban ?? '', '2026-04-02'));
    for (const closed of ['2026-04-03T09:00:00+02:00', '2026-04-06T09:00:00+02:00']) {
      setNow(t, closed);
      await executeDueDirectDebits(t.ctx);
      expect((await collectionNow(a, c.id)).status).toBe('announced');
    }
    await runOnDueDate();
    expect((await collectionNow(a, c.id)).status).toBe('booked');
  });
});

describe('return reasons, each in its order', () => {
  const expectReturned = async (a: { customer: TestCustomer }, id: string, reason: string) => {
    const done = await collectionNow(a, id);
    expect(done).toMatchObject({
      status: 'returned',
      returnReason: reason,
      returnMessage: DIRECT_DEBIT_RETURN_MESSAGES[reason as keyof typeof DIRECT_DEBIT_RETURN_MESSAGES],
      number: null,
    });
    expect(await notificationsOf(a.customer.id)).toContainEqual({
      kind: 'direct_debit_returned',
      reason: DIRECT_DEBIT_RETURN_MESSAGES[reason as keyof typeof DIRECT_DEBIT_RETURN_MESSAGES],
    });
  };

  it('AC04: the account is closed — before a revoked mandate', async () => {
    const a = await withCollection(0);
    await call(t, a.cookie, 'POST', `/api/direct-debits/mandates/${a.c.mandateId}/revoke`);
    await t.ctx.db.tx((q) => closeCustomerAccounts(q, a.customer.id));
    await runOnDueDate();
    await expectReturned(a, a.c.id, 'AC04');
  });

  it('MD01: the mandate was revoked — before the customer’s refusal', async () => {
    const a = await withCollection(10_000);
    expect(
      (await call(t, a.cookie, 'POST', `/api/direct-debits/collections/${a.c.id}/refuse`)).statusCode,
    ).toBe(200);
    expect(
      (await call(t, a.cookie, 'POST', `/api/direct-debits/mandates/${a.c.mandateId}/revoke`)).statusCode,
    ).toBe(200);
    await runOnDueDate();
    await expectReturned(a, a.c.id, 'MD01');
    expect(await balances(t.ctx, a.account)).toEqual({ posted: 10_000n, pending: 0n });
  });

  it('MD01: a recurring collection of a mandate this bank never saw', async () => {
    const a = await withCollection(10_000, { sequence: 'RCUR' });
    expect(a.c.mandateId).toBeNull();
    await runOnDueDate();
    await expectReturned(a, a.c.id, 'MD01');
  });

  it('MD01: a collection after the mandate’s one-off (OOFF) or final (FNAL) one, which ended it', async () => {
    const once = await withCollection(100_000, { mandateId: 'RUM-OOFF', sequence: 'OOFF' });
    const iban = once.account.iban ?? '';
    const afterOnce = await announced(
      t,
      announcement(iban, '2026-04-08', { mandateId: 'RUM-OOFF', sequence: 'RCUR' }),
    );
    const series = await withCollection(100_000, { mandateId: 'RUM-FNAL' });
    const seriesIban = series.account.iban ?? '';
    const last = await announced(
      t,
      announcement(seriesIban, '2026-04-08', { mandateId: 'RUM-FNAL', sequence: 'FNAL' }),
    );
    const afterLast = await announced(
      t,
      announcement(seriesIban, '2026-04-09', { mandateId: 'RUM-FNAL', sequence: 'RCUR' }),
    );
    for (const day of ['2026-04-07', '2026-04-08', '2026-04-09']) {
      setNow(t, `${day}T08:00:00+02:00`);
      await executeDueDirectDebits(t.ctx);
    }
    expect((await collectionNow(once, once.c.id)).status).toBe('booked');
    expect((await collectionNow(series, series.c.id)).status).toBe('booked');
    expect((await collectionNow(series, last.id)).status).toBe('booked');
    await expectReturned(once, afterOnce.id, 'MD01');
    await expectReturned(series, afterLast.id, 'MD01');
    for (const a of [once, series]) {
      const mandates = await call(t, await signIn(t.app, a.customer), 'GET', '/api/direct-debits/mandates');
      expect(mandates.json()).toMatchObject({ items: [{ status: 'ended' }] });
    }
  });

  it('MS02: refused by the customer — before the customer’s rules', async () => {
    const a = await withCollection(10_000);
    await call(t, a.cookie, 'PUT', '/api/direct-debits/settings', {
      blockAll: true,
      allowedCreditorIds: [],
      blockedCreditorIds: [],
    });
    await call(t, a.cookie, 'POST', `/api/direct-debits/collections/${a.c.id}/refuse`);
    expect((await collectionNow(a, a.c.id)).status).toBe('refused');
    await runOnDueDate();
    await expectReturned(a, a.c.id, 'MS02');
  });

  it('AG01: blocked by the customer’s rules (block all, not allowed, blocked creditor) — before the limits', async () => {
    const rules = [
      { blockAll: true, allowedCreditorIds: [], blockedCreditorIds: [] },
      { blockAll: false, allowedCreditorIds: ['DE98ZZZ09999999999'], blockedCreditorIds: [] },
      { blockAll: false, allowedCreditorIds: [], blockedCreditorIds: ['FR72 ABC 123456'] },
    ];
    for (const settings of rules) {
      const a = await withCollection(10_000);
      await call(t, a.cookie, 'PUT', `/api/direct-debits/mandates/${a.c.mandateId}/limits`, {
        maxAmount: 100,
        maxCount: null,
        period: null,
      });
      expect((await call(t, a.cookie, 'PUT', '/api/direct-debits/settings', settings)).statusCode).toBe(200);
      await runOnDueDate();
      await expectReturned(a, a.c.id, 'AG01');
    }
  });

  it('the customer’s allow list lets its creditors through', async () => {
    const a = await withCollection(10_000);
    await call(t, a.cookie, 'PUT', '/api/direct-debits/settings', {
      blockAll: false,
      allowedCreditorIds: ['FR72ZZZ123456'],
      blockedCreditorIds: ['DE98ZZZ09999999999'],
    });
    await runOnDueDate();
    expect((await collectionNow(a, a.c.id)).status).toBe('booked');
  });

  it('SL01: over the mandate’s amount cap — before the balance', async () => {
    const a = await withCollection(0);
    await call(t, a.cookie, 'PUT', `/api/direct-debits/mandates/${a.c.mandateId}/limits`, {
      maxAmount: 8_939,
      maxCount: null,
      period: null,
    });
    await runOnDueDate();
    await expectReturned(a, a.c.id, 'SL01');
  });

  it('SL01: the mandate’s count for the month is reached (the next month counts again)', async () => {
    const a = await withCollection(100_000, { mandateId: 'RUM-COUNT' });
    const limit = await call(t, a.cookie, 'PUT', `/api/direct-debits/mandates/${a.c.mandateId}/limits`, {
      maxAmount: null,
      maxCount: 1,
      period: 'month',
    });
    expect(limit.json()).toMatchObject({ limits: { maxAmount: null, maxCount: 1, period: 'month' } });
    const second = await announced(
      t,
      announcement(a.account.iban ?? '', '2026-04-08', { mandateId: 'RUM-COUNT', sequence: 'RCUR' }),
    );
    const nextMonth = await announced(
      t,
      announcement(a.account.iban ?? '', '2026-05-04', { mandateId: 'RUM-COUNT', sequence: 'RCUR' }),
    );
    await runOnDueDate();
    setNow(t, '2026-04-08T08:00:00+02:00');
    await executeDueDirectDebits(t.ctx);
    setNow(t, '2026-05-04T08:00:00+02:00');
    await executeDueDirectDebits(t.ctx);
    expect((await collectionNow(a, a.c.id)).status).toBe('booked');
    await expectReturned(a, second.id, 'SL01');
    expect((await collectionNow(a, nextMonth.id)).status).toBe('booked');
  });

  it('AC06: an asset freeze holds the funds (docs/screening.md#freezing-in-the-payment-paths) — before a revoked mandate; nothing booked; lifted, the next is paid', async () => {
    const a = await withCollection(10_000);
    await call(t, a.cookie, 'POST', `/api/direct-debits/mandates/${a.c.mandateId}/revoke`);
    const freeze = await insertCustomerFreeze(t.ctx.db, a.customer.id, { at: t.clock.now() });
    await runOnDueDate();
    await expectReturned(a, a.c.id, 'AC06');
    expect(DIRECT_DEBIT_RETURN_MESSAGES.AC06).not.toMatch(/sanction|liste|règlement/i);
    expect(await balances(t.ctx, a.account)).toEqual({ posted: 10_000n, pending: 0n });
    const entries = await t.ctx.db.query(
      `select 1 from ledger_entries where kind = 'direct_debit' and metadata->>'directDebitId' = $1`,
      [a.c.id],
    );
    expect(entries.rows).toEqual([]);

    // Presented at once, the same: returned AC06.
    const second = await announced(t, announcement(a.account.iban ?? '', '2026-04-14'));
    expect((await present(t, second.id)).json()).toMatchObject({ status: 'returned', returnReason: 'AC06' });

    // Lifted: the next collection is booked.
    await markFreezeLifted(t.ctx.db, freeze, t.clock.now());
    const third = await announced(t, announcement(a.account.iban ?? '', '2026-04-14'));
    expect((await present(t, third.id)).json()).toMatchObject({ status: 'booked' });
    expect(await balances(t.ctx, a.account)).toEqual({ posted: 1_060n, pending: 0n });
  });

  it('AM04: the ledger refuses a short balance — nothing booked', async () => {
    const a = await withCollection(8_939);
    await runOnDueDate();
    await expectReturned(a, a.c.id, 'AM04');
    expect(await balances(t.ctx, a.account)).toEqual({ posted: 8_939n, pending: 0n });
    const entries = await t.ctx.db.query(
      `select 1 from ledger_entries where kind = 'direct_debit' and metadata->>'directDebitId' = $1`,
      [a.c.id],
    );
    expect(entries.rows).toEqual([]);
  });
});

describe('POST /api/sandbox/direct-debits/{id}/present', () => {
  it('books a collection at once, before its due date; a second presentation answers 409', async () => {
    const a = await withCollection(10_000);
    const res = await present(t, a.c.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: a.c.id, status: 'booked' });
    expect(await balances(t.ctx, a.account)).toEqual({ posted: 1_060n, pending: 0n });
    const again = await present(t, a.c.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'direct_debit_already_settled' });
    expect((await present(t, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('returns it with its reason like the job would', async () => {
    const a = await withCollection(100);
    const res = await present(t, a.c.id);
    expect(res.json()).toMatchObject({ status: 'returned', returnReason: 'AM04' });
  });
});

describe('two runners at once', () => {
  it('book each collection exactly once', async () => {
    setNow(t, ANNOUNCED_ON);
    const payers = await Promise.all([0, 1, 2].map(() => signedIn(t.ctx, t.app, 100_000)));
    const ids: string[] = [];
    for (const [i, p] of payers.entries()) {
      for (let n = 0; n < 4; n++) {
        const c = await announced(t, announcement(p.account.iban ?? '', DUE, { amount: 1_000 + i * 10 + n }));
        ids.push(c.id);
      }
    }
    setNow(t, ON_DUE_DATE);
    await Promise.all([executeDueDirectDebits(t.ctx), executeDueDirectDebits(t.ctx)]);
    const entries = await t.ctx.db.query<{ id: string; n: bigint }>(
      `select c.id, (select count(*) from ledger_entries e where e.metadata->>'directDebitId' = c.id::text) as n
         from direct_debit_collections c where c.id = any($1::uuid[])`,
      [ids],
    );
    expect(entries.rows.map((r) => r.n)).toEqual(ids.map(() => 1n));
    for (const [i, p] of payers.entries()) {
      const spent = [0, 1, 2, 3].reduce((s, n) => s + 1_000 + i * 10 + n, 0);
      expect(await balances(t.ctx, p.account)).toEqual({ posted: BigInt(100_000 - spent), pending: 0n });
    }
    expect(await verifyLedger(t.ctx.db)).toEqual([]);
  });
});
