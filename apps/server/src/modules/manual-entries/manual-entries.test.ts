import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManualEntry, ManualEntryList } from '@comptoir/contracts';
import { verifyAuditChain } from '../../audit/audit.ts';
import { verifyLedger } from '../../ledger/index.ts';
import { makeTestContext, MUTATION, type TestContext } from '../../testing/test-context.ts';
import { newOperator, signIn, withOperator } from '../operators/__tests__/testing.ts';
import { balances, party, type Party } from '../transfers/__tests__/testing.ts';

let t: TestContext;
let maker: string;
let makerId: string;
let checker: string;
let admin: string;
let support: string;
beforeAll(async () => {
  t = await makeTestContext({
    rateLimits: false,
    manualEntryApprovalThreshold: 50_000,
    manualEntryOperatorDailyLimit: 200_000,
  });
  const m = await newOperator(t, 'compliance');
  makerId = m.id;
  maker = await signIn(t, m);
  checker = await signIn(t, await newOperator(t, 'compliance'));
  admin = await signIn(t, await newOperator(t, 'admin'));
  support = await signIn(t, await newOperator(t, 'support'));
});
afterAll(() => t.close());

const create = (
  token: string,
  customerId: string,
  body: Record<string, unknown>,
  key: string | null = `me-${randomUUID()}`,
) =>
  t.app.inject({
    method: 'POST',
    url: `/api/backoffice/customers/${customerId}/manual-entries`,
    headers: { ...MUTATION, ...(key ? { 'idempotency-key': key } : {}) },
    cookies: withOperator(token),
    payload: body,
  });

const decide = (token: string, id: string, outcome: 'approve' | 'refuse', payload: object = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/backoffice/manual-entries/${id}/${outcome}`,
    headers: MUTATION,
    cookies: withOperator(token),
    payload,
  });

const entry = (amount: number, direction: 'credit' | 'debit' = 'credit', reason = 'Geste commercial') => ({
  amount,
  direction,
  reason,
  glAccount: 'gl:adjustments',
});

async function ledgerClean() {
  expect(await verifyLedger(t.ctx.db)).toEqual([]);
}

async function operationsOf(p: Party) {
  const { rows } = await t.ctx.db.query<{
    kind: string;
    description: string;
    reference: string;
    amount: bigint;
  }>(
    `select e.kind, e.description, e.reference, p.amount from ledger_postings p
       join ledger_entries e on e.id = p.entry_id where p.account_id = $1 and e.kind = 'adjustment'
      order by e.id`,
    [String(p.account.id)],
  );
  return rows;
}

describe('manual entries at or below the threshold', () => {
  it('posts a credit at once: « Régularisation » with the reason, against the GL account, audited', async () => {
    const p = await party(t.ctx, 0);
    const r = await create(maker, p.customer.id, entry(50_000));
    expect(r.statusCode).toBe(201);
    const body = r.json<ManualEntry>();
    expect(body).toMatchObject({ status: 'posted', amount: 50_000, direction: 'credit', makerId });
    expect(body.number).toMatch(/^st-\d{8}$/);
    expect((await balances(t.ctx, p.account)).posted).toBe(50_000n);
    expect(await operationsOf(p)).toEqual([
      { kind: 'adjustment', description: 'Régularisation', reference: 'Geste commercial', amount: 50_000n },
    ]);
    const audit = await t.ctx.db.query<{ action: string }>(
      'select action from audit_log where customer_id = $1 order by id',
      [p.customer.id],
    );
    expect(audit.rows.map((a) => a.action)).toContain('manual_entry.posted');
    expect(await verifyAuditChain(t.ctx.db)).toBeNull();
    await ledgerClean();
  });

  it('a debit needs the funds: refused in French, nothing written', async () => {
    const p = await party(t.ctx, 1_000);
    const r = await create(maker, p.customer.id, { ...entry(2_000, 'debit'), glAccount: 'gl:fees' });
    expect(r.statusCode).toBe(422);
    expect(r.json<{ detail: string }>().detail).toMatch(/Solde disponible insuffisant/);
    expect((await balances(t.ctx, p.account)).posted).toBe(1_000n);
    const rows = await t.ctx.db.query('select 1 from manual_entries where customer_id = $1', [p.customer.id]);
    expect(rows.rows).toHaveLength(0);
    const ok = await create(maker, p.customer.id, {
      ...entry(1_000, 'debit', 'Frais de dossier'),
      glAccount: 'gl:fees',
    });
    expect(ok.statusCode).toBe(201);
    expect((await balances(t.ctx, p.account)).posted).toBe(0n);
    await ledgerClean();
  });

  it('one entry per Idempotency-Key; a key is required; bad input is a 400', async () => {
    const p = await party(t.ctx, 0);
    const key = `me-${randomUUID()}`;
    const a = await create(maker, p.customer.id, entry(100), key);
    const b = await create(maker, p.customer.id, entry(100), key);
    expect(a.statusCode).toBe(201);
    expect(b.statusCode).toBe(201);
    expect(b.headers['idempotent-replayed']).toBe('true');
    expect(b.json<ManualEntry>().id).toBe(a.json<ManualEntry>().id);
    expect((await balances(t.ctx, p.account)).posted).toBe(100n);
    expect((await create(maker, p.customer.id, entry(100), null)).statusCode).toBe(400);
    expect(
      (await create(maker, p.customer.id, { ...entry(100), glAccount: 'gl:sepa-clearing' })).statusCode,
    ).toBe(400);
    expect((await create(maker, p.customer.id, { ...entry(100), reason: '' })).statusCode).toBe(400);
    expect((await create(maker, p.customer.id, { ...entry(0) })).statusCode).toBe(400);
    expect((await create(maker, randomUUID(), entry(100))).statusCode).toBe(404);
    expect((await create(maker, 'not-a-uuid', entry(100))).statusCode).toBe(404);
  });
});

describe('four eyes above the threshold', () => {
  it('waits; the maker cannot approve; another compliance operator can', async () => {
    const p = await party(t.ctx, 0);
    const r = await create(maker, p.customer.id, entry(50_001));
    expect(r.statusCode).toBe(201);
    const pending = r.json<ManualEntry>();
    expect(pending).toMatchObject({ status: 'pending', number: null });
    expect((await balances(t.ctx, p.account)).posted).toBe(0n);

    const queue = await t.app.inject({
      method: 'GET',
      url: '/api/backoffice/manual-entries?status=pending',
      cookies: withOperator(checker),
    });
    expect(queue.json<ManualEntryList>().items.map((i) => i.id)).toContain(pending.id);
    expect(queue.json<ManualEntryList>().thresholdCents).toBe(50_000);

    const own = await decide(maker, pending.id, 'approve');
    expect(own.statusCode).toBe(403);
    expect(own.json<{ detail: string }>().detail).toBe('Vous ne pouvez pas approuver votre propre écriture.');
    expect((await decide(support, pending.id, 'approve')).statusCode).toBe(403);

    const ok = await decide(checker, pending.id, 'approve');
    expect(ok.statusCode).toBe(200);
    expect(ok.json<ManualEntry>()).toMatchObject({ status: 'posted', checkerId: expect.any(String) });
    expect((await balances(t.ctx, p.account)).posted).toBe(50_001n);
    expect((await decide(admin, pending.id, 'approve')).statusCode).toBe(409);
    expect((await decide(admin, pending.id, 'refuse')).statusCode).toBe(409);
    expect((await balances(t.ctx, p.account)).posted).toBe(50_001n);

    const audit = await t.ctx.db.query<{ action: string }>(
      `select action from audit_log where customer_id = $1 and action like 'manual_entry.%' order by id`,
      [p.customer.id],
    );
    expect(audit.rows.map((a) => a.action)).toEqual(['manual_entry.requested', 'manual_entry.approved']);
    await ledgerClean();
  });

  it('a refusal moves no money and records the reason', async () => {
    const p = await party(t.ctx, 0);
    const pending = (await create(admin, p.customer.id, entry(90_000))).json<ManualEntry>();
    expect((await decide(admin, pending.id, 'refuse')).statusCode).toBe(403);
    const r = await decide(maker, pending.id, 'refuse', { reason: 'Montant erroné' });
    expect(r.statusCode).toBe(200);
    expect(r.json<ManualEntry>()).toMatchObject({ status: 'refused', refusalReason: 'Montant erroné' });
    expect((await balances(t.ctx, p.account)).posted).toBe(0n);
    expect((await decide(checker, pending.id, 'approve')).statusCode).toBe(409);
  });

  it('a pending debit whose funds are gone stays pending when approved (422)', async () => {
    const p = await party(t.ctx, 60_000);
    const pending = (await create(maker, p.customer.id, entry(60_000, 'debit'))).json<ManualEntry>();
    await create(admin, p.customer.id, entry(1, 'debit'));
    const r = await decide(checker, pending.id, 'approve');
    expect(r.statusCode).toBe(422);
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/backoffice/customers/${p.customer.id}/manual-entries`,
      cookies: withOperator(support),
    });
    expect(list.json<ManualEntryList>().items.find((i) => i.id === pending.id)?.status).toBe('pending');
    await ledgerClean();
  });

  it('two decisions racing: exactly one wins', async () => {
    const p = await party(t.ctx, 0);
    const pending = (await create(maker, p.customer.id, entry(70_000))).json<ManualEntry>();
    const results = await Promise.all([
      decide(checker, pending.id, 'approve'),
      decide(admin, pending.id, 'approve'),
      decide(admin, pending.id, 'refuse'),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect((await balances(t.ctx, p.account)).posted).toBe(
      results.some((r) => r.statusCode === 200 && r.json<ManualEntry>().status === 'posted') ? 70_000n : 0n,
    );
    await ledgerClean();
  });
});

describe('four eyes cannot be split into small entries', () => {
  it('ten 100 € credits to one customer: the one that takes the 24-hour sum past 500 € waits', async () => {
    const opRow = await newOperator(t, 'compliance');
    const op = await signIn(t, opRow);
    const p = await party(t.ctx, 0);
    const results: ManualEntry[] = [];
    for (let i = 0; i < 10; i++)
      results.push((await create(op, p.customer.id, entry(10_000))).json<ManualEntry>());
    expect(results.map((r) => r.status)).toEqual([...Array(5).fill('posted'), ...Array(5).fill('pending')]);
    expect(results.map((r) => r.approvalReason)).toEqual([
      ...Array(5).fill(null),
      ...Array(5).fill('cumulative_customer'),
    ]);
    expect((await balances(t.ctx, p.account)).posted).toBe(50_000n);

    // Once the sum is reached, even 1 cent waits; a second operator's approval adds nothing to the
    // maker's own sum; after 24 hours the window is empty again.
    expect((await create(op, p.customer.id, entry(1))).json<ManualEntry>().approvalReason).toBe(
      'cumulative_customer',
    );
    const approved = await decide(checker, results[5]!.id, 'approve');
    expect(approved.json<ManualEntry>()).toMatchObject({
      status: 'posted',
      approvalReason: 'cumulative_customer',
    });
    expect((await create(op, p.customer.id, entry(1))).json<ManualEntry>().status).toBe('pending');
    // Moving the clock a day would end every session: the entries are moved a day back instead.
    await t.ctx.db.query(
      `update manual_entries set created_at = created_at - interval '24 hours' where maker_id = $1`,
      [opRow.id],
    );
    expect((await create(op, p.customer.id, entry(10_000))).json<ManualEntry>().status).toBe('posted');

    // Another customer is another sum. A large entry waits for its own amount, and while it waits
    // (and once approved) it is not money the maker moved alone.
    const other = await party(t.ctx, 0);
    const large = (await create(op, other.customer.id, entry(60_000))).json<ManualEntry>();
    expect(large).toMatchObject({ status: 'pending', approvalReason: 'amount' });
    expect((await create(op, other.customer.id, entry(20_000))).json<ManualEntry>().status).toBe('posted');
    expect((await decide(checker, large.id, 'approve')).statusCode).toBe(200);
    expect((await create(op, other.customer.id, entry(30_000))).json<ManualEntry>().status).toBe('posted');
    expect((await create(op, other.customer.id, entry(1))).json<ManualEntry>().status).toBe('pending');

    const audit = await t.ctx.db.query<{ details: { approvalReason?: string } }>(
      `select details from audit_log where customer_id = $1 and action = 'manual_entry.requested' order by id`,
      [p.customer.id],
    );
    expect(audit.rows[0]?.details.approvalReason).toBe('cumulative_customer');
    await ledgerClean();
  });

  it('an operator’s entries over all customers in 24 hours: past the daily limit, each waits', async () => {
    const op = await signIn(t, await newOperator(t, 'compliance'));
    const results: ManualEntry[] = [];
    for (let i = 0; i < 5; i++) {
      const p = await party(t.ctx, 0);
      results.push((await create(op, p.customer.id, entry(50_000))).json<ManualEntry>());
    }
    expect(results.map((r) => [r.status, r.approvalReason])).toEqual([
      ...Array(4).fill(['posted', null]),
      ['pending', 'cumulative_operator'],
    ]);
    // Another operator has their own sum.
    const p = await party(t.ctx, 0);
    expect((await create(checker, p.customer.id, entry(50_000))).json<ManualEntry>().status).toBe('posted');
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/backoffice/manual-entries?status=pending',
      cookies: withOperator(checker),
    });
    expect(list.json<ManualEntryList>().operatorDailyLimitCents).toBe(200_000);
    await ledgerClean();
  });
});

describe('roles', () => {
  it('support reads but cannot create or decide; anonymous is 401', async () => {
    const p = await party(t.ctx, 0);
    expect((await create(support, p.customer.id, entry(100))).statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/backoffice/customers/${p.customer.id}/manual-entries`,
      headers: { ...MUTATION, 'idempotency-key': `me-${randomUUID()}` },
      payload: entry(100),
    });
    expect(anonymous.statusCode).toBe(401);
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/backoffice/customers/${p.customer.id}/manual-entries`,
      cookies: withOperator(support),
    });
    expect(list.statusCode).toBe(200);
  });
});
