import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatIban, luxembourgIban } from '@comptoir/core';
import { customerAccount, verifyLedger, type LedgerAccount } from '../../ledger/index.ts';
import { createCustomer } from '../customers/index.ts';
import { openMainAccount } from '../accounts/index.ts';
import { verifyAuditChain } from '../../audit/audit.ts';
import { makeTestContext, MUTATION, uniqueEmail, type TestContext } from '../../testing/test-context.ts';
import { newOperator, signIn, withOperator } from '../operators/__tests__/testing.ts';
import { insertCustomerFreeze } from '../../testing/asset-freezes.ts';

let t: TestContext;
let operatorToken: string;
let operatorId: string;
let supportToken: string;
beforeAll(async () => {
  t = await makeTestContext({ rateLimits: false });
  const op = await newOperator(t, 'compliance');
  operatorId = op.id;
  operatorToken = await signIn(t, op);
  supportToken = await signIn(t, await newOperator(t, 'support'));
});
afterAll(() => t.close());

const DEBTOR_IBAN = 'DE89370400440532013000';
let keyCounter = 0;
const newKey = () => `sandbox-${process.pid}-${Date.now()}-${keyCounter++}`;

async function openCustomer(): Promise<LedgerAccount> {
  return t.ctx.db.tx(async (q) => {
    const c = await createCustomer(q, {
      email: uniqueEmail('credit'),
      password: 'Mot-de-passe-solide-1',
      status: 'pending_review',
    });
    return openMainAccount(t.ctx, q, c.id);
  });
}

function credit(
  body: Record<string, unknown>,
  opts: { key?: string | null; token?: string | null; ctx?: TestContext } = {},
) {
  const key = opts.key === undefined ? newKey() : opts.key;
  const token = opts.token === undefined ? operatorToken : opts.token;
  return (opts.ctx ?? t).app.inject({
    method: 'POST',
    url: '/api/sandbox/incoming-transfers',
    headers: { ...MUTATION, ...(key ? { 'idempotency-key': key } : {}) },
    ...(token ? { cookies: withOperator(token) } : {}),
    payload: body,
  });
}

const balance = async (a: LedgerAccount) =>
  (await customerAccount(t.ctx.db, a.customerId!, a.id)).postedBalance;

describe('POST /api/sandbox/incoming-transfers', () => {
  it('credits a customer whose funds are frozen all the same: booked, in the balance, frozen with the rest (docs/screening.md#freezing-in-the-payment-paths)', async () => {
    const account = await openCustomer();
    await insertCustomerFreeze(t.ctx.db, account.customerId!, { at: t.clock.now() });
    const r = await credit({
      iban: account.iban!,
      amount: 5_000,
      debtorName: 'Marie Curie',
      debtorIban: DEBTOR_IBAN,
      reference: 'Salaire',
    });
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json()).toMatchObject({ status: 'posted' });
    expect(await balance(account)).toBe(5_000n);
    expect(await verifyLedger(t.ctx.db)).toEqual([]);
  });

  it('credits the customer from SEPA clearing: balance moves, entry and audit recorded', async () => {
    const account = await openCustomer();
    const r = await credit({
      iban: formatIban(account.iban!).toLowerCase(), // « lu12 3456 … » is accepted
      amount: 12_345,
      debtorName: 'Marie Curie',
      debtorIban: 'de89 3704 0044 0532 0130 00',
      reference: 'Remboursement',
    });
    expect(r.statusCode).toBe(201);
    const body = r.json<{ entryId: string; number: string; status: string }>();
    expect(body).toEqual({
      entryId: expect.stringMatching(/^\d+$/),
      number: expect.stringMatching(/^st-[1-9]\d{7}$/),
      status: 'posted',
      held: false,
    });
    expect(await balance(account)).toBe(12_345n);

    const entry = await t.ctx.db.query(
      `select kind, status, counterparty_name, counterparty_iban, reference, initiated_by_operator
         from ledger_entries where id = $1`,
      [body.entryId],
    );
    expect(entry.rows[0]).toEqual({
      kind: 'transfer',
      status: 'posted',
      counterparty_name: 'Marie Curie',
      counterparty_iban: DEBTOR_IBAN,
      reference: 'Remboursement',
      initiated_by_operator: operatorId,
    });
    const legs = await t.ctx.db.query<{ code: string | null; amount: bigint }>(
      `select a.code, p.amount from ledger_postings p join ledger_accounts a on a.id = p.account_id
        where p.entry_id = $1 order by p.amount`,
      [body.entryId],
    );
    expect(legs.rows).toEqual([
      { code: 'gl:sepa-clearing', amount: -12_345n },
      { code: null, amount: 12_345n },
    ]);
    const audit = await t.ctx.db.query<{
      operator_id: string;
      customer_id: string;
      details: Record<string, unknown>;
    }>(
      `select operator_id, customer_id, details from audit_log where action = 'sandbox.incoming_transfer' and details->>'entryId' = $1`,
      [body.entryId],
    );
    expect(audit.rows).toEqual([
      {
        operator_id: operatorId,
        customer_id: account.customerId,
        details: expect.objectContaining({ number: body.number, amount: 12_345 }),
      },
    ]);
    expect(await verifyLedger(t.ctx.db)).toEqual([]);
    expect(await verifyAuditChain(t.ctx.db)).toBeNull();
  });

  it('a replay with the same key and body returns the same response and posts once; another body → 409', async () => {
    const account = await openCustomer();
    const key = newKey();
    const body = {
      iban: account.iban,
      amount: 5_000,
      debtorName: 'Paul',
      debtorIban: DEBTOR_IBAN,
      reference: 'Loyer',
    };
    const first = await credit(body, { key });
    const second = await credit(body, { key });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(await balance(account)).toBe(5_000n);

    const conflict = await credit({ ...body, amount: 5_001 }, { key });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json()).toMatchObject({ code: 'idempotency_conflict' });
    expect(await balance(account)).toBe(5_000n);
  });

  it('concurrent replays of one key still post once', async () => {
    const account = await openCustomer();
    const key = newKey();
    const body = {
      iban: account.iban,
      amount: 700,
      debtorName: 'Paul',
      debtorIban: DEBTOR_IBAN,
      reference: '',
    };
    const results = await Promise.all(Array.from({ length: 5 }, () => credit(body, { key })));
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(results.map((r) => r.json<{ number: string }>().number)).size).toBe(1);
    expect(await balance(account)).toBe(700n);
  });

  it('requires an Idempotency-Key', async () => {
    const account = await openCustomer();
    const r = await credit(
      { iban: account.iban, amount: 100, debtorName: 'Paul', debtorIban: DEBTOR_IBAN },
      { key: null },
    );
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ code: 'idempotency_key_required' });
    const short = await credit(
      { iban: account.iban, amount: 100, debtorName: 'Paul', debtorIban: DEBTOR_IBAN },
      { key: 'abc' },
    );
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ code: 'idempotency_key_invalid' });
    expect(await balance(account)).toBe(0n);
  });

  it('requires an operator session', async () => {
    const account = await openCustomer();
    const r = await credit(
      { iban: account.iban, amount: 100, debtorName: 'Paul', debtorIban: DEBTOR_IBAN },
      { token: null },
    );
    expect(r.statusCode).toBe(401);
    expect(await balance(account)).toBe(0n);
  });

  it('is refused to a support operator (admin and compliance only): 403, nothing credited', async () => {
    const account = await openCustomer();
    const r = await credit(
      { iban: account.iban, amount: 100, debtorName: 'Paul', debtorIban: DEBTOR_IBAN },
      { token: supportToken },
    );
    expect(r.statusCode).toBe(403);
    expect(r.json()).toMatchObject({ status: 403, code: 'role_forbidden' });
    expect(await balance(account)).toBe(0n);
  });

  it('unknown IBAN → 404; invalid IBANs → 400', async () => {
    const unknown = await credit({
      iban: luxembourgIban(t.ctx.config.institution.bankCode, 9_999_999_999_999n),
      amount: 100,
      debtorName: 'Paul',
      debtorIban: DEBTOR_IBAN,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({
      code: 'sandbox_account_not_found',
      detail: 'Aucun compte ne correspond à cet IBAN.',
    });

    const account = await openCustomer();
    const badIban = await credit({
      iban: 'LU000019400644750000',
      amount: 100,
      debtorName: 'Paul',
      debtorIban: DEBTOR_IBAN,
    });
    expect(badIban.statusCode).toBe(400);
    expect(badIban.json()).toMatchObject({
      code: 'sandbox_credited_iban_invalid',
      detail: 'IBAN du compte à créditer invalide.',
    });
    const badDebtor = await credit({
      iban: account.iban,
      amount: 100,
      debtorName: 'Paul',
      debtorIban: 'DE00370400440532013000',
    });
    expect(badDebtor.statusCode).toBe(400);
    expect(badDebtor.json<{ detail: string }>().detail).toMatch(/donneur d’ordre/);
    expect(await balance(account)).toBe(0n);
  });

  it('amount must be integer cents > 0', async () => {
    const account = await openCustomer();
    for (const amount of [0, 1.5, -100, '100', null, 1e15]) {
      const r = await credit({ iban: account.iban, amount, debtorName: 'Paul', debtorIban: DEBTOR_IBAN });
      expect(r.statusCode, String(amount)).toBe(400);
      expect(r.json(), String(amount)).toMatchObject({
        code: amount === 1.5 ? 'non_integer_number' : 'validation_failed',
      });
    }
    const noName = await credit({
      iban: account.iban,
      amount: 100,
      debtorName: '  ',
      debtorIban: DEBTOR_IBAN,
    });
    expect(noName.statusCode).toBe(400);
    expect(await balance(account)).toBe(0n);
  });

  it('is not registered outside sandbox mode', async () => {
    const production = await makeTestContext({ sandbox: false, rateLimits: false }, { db: t.ctx.db });
    try {
      const op = await newOperator(production, 'admin');
      const token = await signIn(production, op);
      const account = await openCustomer();
      const r = await credit(
        { iban: account.iban, amount: 100, debtorName: 'Paul', debtorIban: DEBTOR_IBAN },
        { ctx: production, token },
      );
      expect(r.statusCode).toBe(404);
      expect(await balance(account)).toBe(0n);
    } finally {
      await production.close();
    }
  });
});
