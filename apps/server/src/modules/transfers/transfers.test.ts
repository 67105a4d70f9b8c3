import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, luxembourgIban, parisDate, TRANSACTION_NUMBER } from '@comptoir/core';
import { OperationsPage, Problem, Transfer, TRANSFER_FIELDS_MESSAGE } from '@comptoir/contracts';
import { makeTestContext, type TestContext } from '../../testing/test-context.ts';
import { nextAccountSerial, openCustomerAccount, verifyLedger } from '../../ledger/index.ts';
import { grantScaToken } from '../sca/__tests__/testing.ts';
import { balances, payee, sendTransfer, signedIn, transferToken } from './__tests__/helpers.ts';

let t: TestContext;
beforeAll(async () => {
  t = await makeTestContext({ rateLimits: false });
});
afterAll(() => t.close());

const problem = (res: { json(): unknown }) => Problem.parse(res.json());
const ERIKA = { name: 'Erika Mustermann', iban: 'DE55370400440532014000' };

describe('POST /api/transfers: the transfer rules in their order', () => {
  it('missing beneficiary or amount ≤ 0 → 400 « Veuillez remplir tous les champs correctement. »', async () => {
    const a = await signedIn(t.ctx, t.app, 10_000);
    const b = await payee(t.ctx, a.customer.id, ERIKA);
    for (const body of [
      { accountId: String(a.account.id), amount: 100, type: 'instant' },
      { accountId: String(a.account.id), beneficiaryId: '', amount: 100, type: 'instant' },
      { accountId: String(a.account.id), beneficiaryId: b.id, amount: 0, type: 'instant' },
      { accountId: String(a.account.id), beneficiaryId: b.id, amount: -5, type: 'standard' },
    ]) {
      const res = await sendTransfer(t.app, a.cookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(problem(res)).toMatchObject({
        code: 'transfer_fields_invalid',
        detail: TRANSFER_FIELDS_MESSAGE,
      });
    }
  });

  it('unknown beneficiary, or another customer’s → 404 « Bénéficiaire non trouvé. », before the hold and the balance', async () => {
    const a = await signedIn(t.ctx, t.app, 0);
    const other = await signedIn(t.ctx, t.app, 0);
    const hers = await payee(t.ctx, other.customer.id, ERIKA);
    await t.ctx.db.query(
      `insert into document_requests (customer_id, kind, reason, blocking) values ($1, 'funds_origin', 'x', true)`,
      [a.customer.id],
    );
    for (const id of [hers.id, '00000000-0000-4000-8000-000000000000', 'nope']) {
      const res = await sendTransfer(t.app, a.cookie, {
        accountId: String(a.account.id),
        beneficiaryId: id,
        amount: 100,
        type: 'instant',
      });
      expect(res.statusCode).toBe(404);
      expect(problem(res)).toMatchObject({
        code: 'beneficiary_not_found',
        detail: 'Bénéficiaire non trouvé.',
      });
    }
  });

  it('an unknown account to debit and an unknown beneficiary answer two different codes', async () => {
    const a = await signedIn(t.ctx, t.app, 10_000);
    const other = await signedIn(t.ctx, t.app, 10_000);
    const b = await payee(t.ctx, a.customer.id, ERIKA);
    const send = (accountId: string, beneficiaryId: string) =>
      sendTransfer(t.app, a.cookie, { accountId, beneficiaryId, amount: 100, type: 'instant' });
    for (const accountId of [String(other.account.id), '999999999']) {
      const res = await send(accountId, b.id);
      expect(res.statusCode, accountId).toBe(404);
      expect(problem(res), accountId).toMatchObject({
        code: 'account_not_found',
        detail: 'Compte introuvable.',
      });
    }
    const unknownBeneficiary = await send(String(a.account.id), '00000000-0000-4000-8000-000000000000');
    expect(unknownBeneficiary.statusCode).toBe(404);
    expect(problem(unknownBeneficiary)).toMatchObject({ code: 'beneficiary_not_found', status: 404 });
    expect(await balances(t.ctx, a.account)).toEqual({ posted: 10_000n, pending: 0n });
  });

  it('open blocking document request → 409 compliance_hold, before the balance; accepted → lifted', async () => {
    const a = await signedIn(t.ctx, t.app, 0);
    const b = await payee(t.ctx, a.customer.id, ERIKA);
    const { rows } = await t.ctx.db.query<{ id: string }>(
      `insert into document_requests (customer_id, kind, reason, blocking) values ($1, 'funds_origin', 'x', true) returning id`,
      [a.customer.id],
    );
    const body = { accountId: String(a.account.id), beneficiaryId: b.id, amount: 500, type: 'instant' };
    const held = await sendTransfer(t.app, a.cookie, body);
    expect(held.statusCode).toBe(409);
    expect(problem(held)).toMatchObject({
      code: 'compliance_hold',
      detail: 'Transaction impossible : un document vous a été demandé',
    });
    // A non-blocking request does not hold; an accepted blocking one no longer does.
    await t.ctx.db.query(`update document_requests set status = 'accepted' where id = $1`, [rows[0]?.id]);
    await t.ctx.db.query(
      `insert into document_requests (customer_id, kind, reason, blocking) values ($1, 'additional', 'y', false)`,
      [a.customer.id],
    );
    const next = await sendTransfer(t.app, a.cookie, body);
    expect(problem(next).code).toBe('insufficient_funds');
  });

  it('available balance < amount → 422 « Solde insuffisant… », before strong authentication', async () => {
    const a = await signedIn(t.ctx, t.app, 1_000);
    const b = await payee(t.ctx, a.customer.id, ERIKA);
    const res = await sendTransfer(t.app, a.cookie, {
      accountId: String(a.account.id),
      beneficiaryId: b.id,
      amount: 1_001,
      type: 'standard',
    });
    expect(res.statusCode).toBe(422);
    expect(problem(res)).toMatchObject({
      code: 'insufficient_funds',
      detail: 'Solde insuffisant pour effectuer cette transaction.',
    });
  });

  it('then strong authentication: no token → 401 sca_required, nothing moves', async () => {
    const a = await signedIn(t.ctx, t.app, 1_000);
    const b = await payee(t.ctx, a.customer.id, ERIKA);
    const res = await sendTransfer(t.app, a.cookie, {
      accountId: String(a.account.id),
      beneficiaryId: b.id,
      amount: 1_000,
      type: 'instant',
    });
    expect(res.statusCode).toBe(401);
    expect(problem(res).code).toBe('sca_required');
    expect(await balances(t.ctx, a.account)).toEqual({ posted: 1_000n, pending: 0n });
  });

  it('a token made for another amount, another payee or another action is refused', async () => {
    const a = await signedIn(t.ctx, t.app, 5_000);
    const b = await payee(t.ctx, a.customer.id, ERIKA);
    const body = { accountId: String(a.account.id), beneficiaryId: b.id, amount: 1_000, type: 'instant' };
    const tokens = [
      await transferToken(t.ctx, a.customer.id, 999, b),
      await transferToken(t.ctx, a.customer.id, 1_000, { ...b, iban: 'DE28370400440532014001' }),
      await transferToken(t.ctx, a.customer.id, 1_000, { ...b, name: 'Erika Musterfrau' }),
      await grantScaToken(t.ctx, a.customer.id, 'beneficiary', { iban: b.iban }),
    ];
    for (const sca of tokens) {
      const res = await sendTransfer(t.app, a.cookie, body, { sca });
      expect(res.statusCode).toBe(401);
      expect(problem(res).code).toBe('sca_required');
    }
    // The right token passes once; its second use is refused.
    const sca = await transferToken(t.ctx, a.customer.id, 1_000, b);
    expect((await sendTransfer(t.app, a.cookie, body, { sca })).statusCode).toBe(201);
    expect((await sendTransfer(t.app, a.cookie, body, { sca })).statusCode).toBe(401);
    expect(await balances(t.ctx, a.account)).toEqual({ posted: 4_000n, pending: 0n });
  });

  it('a token approved for a single transfer today is refused for a monthly series and for another date', async () => {
    const a = await signedIn(t.ctx, t.app, 5_000);
    const bob = await payee(t.ctx, a.customer.id, { name: 'Bob Martin', iban: 'DE89370400440532013000' });
    const today = parisDate(t.clock.now());
    const once = { accountId: String(a.account.id), beneficiaryId: bob.id, amount: 100, type: 'standard' };
    // « 1,00 € à Bob Martin », once, today: the customer approved nothing more.
    const sca = await transferToken(t.ctx, a.customer.id, 100, bob);
    for (const body of [
      { ...once, repeat: { frequency: 'monthly', count: 120 } },
      { ...once, repeat: { frequency: 'monthly', endDate: addDays(today, 3650) } },
      { ...once, executionDate: addDays(today, 7) },
    ]) {
      const res = await sendTransfer(t.app, a.cookie, body, { sca });
      expect(res.statusCode, JSON.stringify(body)).toBe(401);
      expect(problem(res).code).toBe('sca_required');
    }
    const { rows } = await t.ctx.db.query('select 1 from transfers where customer_id = $1', [a.customer.id]);
    expect(rows).toEqual([]);
    // A token for the series itself — 120 times, from that date — is a token for exactly that.
    const series = {
      ...once,
      executionDate: addDays(today, 7),
      repeat: { frequency: 'monthly' as const, count: 120 },
    };
    const forSeries = await transferToken(t.ctx, a.customer.id, 100, bob, series);
    expect(
      (
        await sendTransfer(
          t.app,
          a.cookie,
          { ...series, repeat: { frequency: 'monthly', count: 119 } },
          { sca: forSeries },
        )
      ).statusCode,
    ).toBe(401);
    expect((await sendTransfer(t.app, a.cookie, series, { sca: forSeries })).statusCode).toBe(201);
    // And the untouched one-off token still pays the single transfer it was made for.
    expect((await sendTransfer(t.app, a.cookie, once, { sca })).statusCode).toBe(201);
  });

  it('a motif outside the SEPA character set or over 140 characters is refused', async () => {
    const a = await signedIn(t.ctx, t.app, 5_000);
    const b = await payee(t.ctx, a.customer.id, ERIKA);
    const base = { accountId: String(a.account.id), beneficiaryId: b.id, amount: 100, type: 'instant' };
    const accents = await sendTransfer(t.app, a.cookie, { ...base, reference: 'Loyer février' });
    expect(accents.statusCode).toBe(400);
    expect(problem(accents).detail).toContain('Le motif contient des caractères non autorisés.');
    const long = await sendTransfer(t.app, a.cookie, { ...base, reference: 'a'.repeat(141) });
    expect(long.statusCode).toBe(400);
  });

  it('every request needs an Idempotency-Key', async () => {
    const a = await signedIn(t.ctx, t.app, 5_000);
    const b = await payee(t.ctx, a.customer.id, ERIKA);
    const res = await sendTransfer(
      t.app,
      a.cookie,
      { accountId: String(a.account.id), beneficiaryId: b.id, amount: 100, type: 'instant' },
      { key: null },
    );
    expect(res.statusCode).toBe(400);
    expect(problem(res).code).toBe('idempotency_key_required');
  });
});

describe('idempotency', () => {
  it('replaying with the same key pays once and answers the transfer; another body → 409', async () => {
    const a = await signedIn(t.ctx, t.app, 5_000);
    const b = await payee(t.ctx, a.customer.id, ERIKA);
    const body = { accountId: String(a.account.id), beneficiaryId: b.id, amount: 700, type: 'instant' };
    const sca = await transferToken(t.ctx, a.customer.id, 700, b);
    const first = await sendTransfer(t.app, a.cookie, body, { key: 'replay-key-0001', sca });
    const second = await sendTransfer(t.app, a.cookie, body, { key: 'replay-key-0001', sca });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(Transfer.parse(second.json())).toEqual(Transfer.parse(first.json()));
    expect(await balances(t.ctx, a.account)).toEqual({ posted: 4_300n, pending: 0n });
    const other = await sendTransfer(
      t.app,
      a.cookie,
      { ...body, amount: 800 },
      { key: 'replay-key-0001', sca },
    );
    expect(other.statusCode).toBe(409);
    expect(problem(other).code).toBe('idempotency_conflict');
  });

  it('the same transfer sent twice at once with its one SCA token: one transfer, one debit, both answered with it', async () => {
    const a = await signedIn(t.ctx, t.app, 5_000);
    const p = await signedIn(t.ctx, t.app, 0, { firstName: 'Bruno', lastName: 'Leroy' });
    const b = await payee(t.ctx, a.customer.id, { name: 'Bruno Leroy', iban: p.account.iban ?? '' });
    const body = { accountId: String(a.account.id), beneficiaryId: b.id, amount: 700, type: 'instant' };
    const sca = await transferToken(t.ctx, a.customer.id, 700, b);
    const send = () => sendTransfer(t.app, a.cookie, body, { key: 'twin-key-0001', sca });
    const [first, second] = await Promise.all([send(), send()]);
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(Transfer.parse(second.json()).id).toBe(Transfer.parse(first.json()).id);
    expect([first.headers['idempotent-replayed'], second.headers['idempotent-replayed']]).toContain('true');
    expect(await balances(t.ctx, a.account)).toEqual({ posted: 4_300n, pending: 0n });
    expect(await balances(t.ctx, p.account)).toEqual({ posted: 700n, pending: 0n });
  });
});

describe('instant transfers', () => {
  it('to an IBAN of this bank: one entry, both sides at once; the payee reads the payer’s name', async () => {
    const a = await signedIn(t.ctx, t.app, 10_000, { firstName: 'Alice', lastName: 'Dupont' });
    const p = await signedIn(t.ctx, t.app, 0, { firstName: 'Bruno', lastName: 'Leroy' });
    const b = await payee(t.ctx, a.customer.id, { name: 'Bruno Leroy', iban: p.account.iban ?? '' });
    const sca = await transferToken(t.ctx, a.customer.id, 2_500, b);
    const res = await sendTransfer(
      t.app,
      a.cookie,
      {
        accountId: String(a.account.id),
        beneficiaryId: b.id,
        amount: 2_500,
        reference: 'Cadeau',
        type: 'instant',
      },
      { sca },
    );
    expect(res.statusCode).toBe(201);
    const transfer = Transfer.parse(res.json());
    expect(transfer).toMatchObject({
      status: 'executed',
      type: 'instant',
      amount: 2_500,
      payeeName: 'Bruno Leroy',
    });
    expect(transfer.number).toMatch(TRANSACTION_NUMBER);
    expect(await balances(t.ctx, a.account)).toEqual({ posted: 7_500n, pending: 0n });
    expect(await balances(t.ctx, p.account)).toEqual({ posted: 2_500n, pending: 0n });
    const ops = await t.app.inject({
      method: 'GET',
      url: `/api/accounts/${p.account.id}/transactions`,
      headers: { cookie: p.cookie },
    });
    expect(ops.json().items[0]).toMatchObject({
      number: transfer.number,
      amount: 2_500,
      counterpartyName: 'Alice Dupont',
      reference: 'Cadeau',
    });
    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/accounts/${a.account.id}/transactions`,
      headers: { cookie: a.cookie },
    });
    expect(mine.json().items[0]).toMatchObject({ amount: -2_500, counterpartyName: 'Bruno Leroy' });
  });

  it('to one of the customer’s own accounts: no strong authentication', async () => {
    const a = await signedIn(t.ctx, t.app, 3_000);
    const sub = await t.ctx.db.tx(async (q) =>
      openCustomerAccount(q, {
        customerId: a.customer.id,
        kind: 'customer_sub',
        name: 'Épargne',
        iban: luxembourgIban(t.ctx.config.institution.bankCode, await nextAccountSerial(q)),
        openedAt: new Date(),
      }),
    );
    const b = await payee(t.ctx, a.customer.id, { name: 'Moi', iban: sub.iban ?? '' });
    const res = await sendTransfer(t.app, a.cookie, {
      accountId: String(a.account.id),
      beneficiaryId: b.id,
      amount: 1_000,
      type: 'instant',
    });
    expect(res.statusCode).toBe(201);
    expect(await balances(t.ctx, sub)).toEqual({ posted: 1_000n, pending: 0n });
  });

  const offUs = async (iban: string, name: string) => {
    const a = await signedIn(t.ctx, t.app, 10_000);
    const b = await payee(t.ctx, a.customer.id, { name, iban });
    const sca = await transferToken(t.ctx, a.customer.id, 4_000, b);
    const res = await sendTransfer(
      t.app,
      a.cookie,
      { accountId: String(a.account.id), beneficiaryId: b.id, amount: 4_000, type: 'instant' },
      { sca },
    );
    expect(res.statusCode).toBe(201);
    return { a, transfer: Transfer.parse(res.json()) };
  };

  it('to another bank, settled by the rail: booked', async () => {
    const { a, transfer } = await offUs('DE55370400440532014000', 'Erika Mustermann');
    expect(transfer).toMatchObject({ status: 'executed', reasonCode: null });
    expect(await balances(t.ctx, a.account)).toEqual({ posted: 6_000n, pending: 0n });
  });

  it.each([
    [
      'DE28370400440532014001',
      'Jonas Becker',
      'AC04',
      'Virement refusé : le compte du bénéficiaire est clôturé (AC04)',
    ],
    [
      'DE98370400440532014002',
      'Lena Schmidt',
      'AC01',
      'Virement refusé : le numéro de compte du bénéficiaire est incorrect (AC01)',
    ],
  ])('to another bank, rejected (%s): funds released, with the reason', async (iban, name, code, message) => {
    const { a, transfer } = await offUs(iban, name);
    expect(transfer).toMatchObject({ status: 'rejected', reasonCode: code, reasonMessage: message });
    expect(await balances(t.ctx, a.account)).toEqual({ posted: 10_000n, pending: 0n });

    // « Mes opérations » keeps a trace: the voided debit, with the reason, no balance after — and
    // the balances above are unchanged.
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/accounts/${a.account.id}/transactions`,
      headers: { cookie: a.cookie },
    });
    const items = OperationsPage.parse(list.json()).items;
    const line = items.find((o) => o.number === transfer.number);
    expect(line).toMatchObject({
      status: 'voided',
      amount: -4_000,
      balanceAfter: null,
      counterpartyName: name,
      rejectionReason: message,
    });
    expect(items.filter((o) => o.status !== 'voided').every((o) => o.rejectionReason === null)).toBe(true);
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/accounts/${a.account.id}/transactions/${line!.id}`,
      headers: { cookie: a.cookie },
    });
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({ status: 'voided', rejectionReason: message });
  });

  it('a cancelled one-off leaves no line in « Mes opérations »: only rejected transfers are shown voided', async () => {
    const a = await signedIn(t.ctx, t.app, 10_000);
    const b = await payee(t.ctx, a.customer.id, ERIKA);
    const sca = await transferToken(t.ctx, a.customer.id, 1_500, ERIKA);
    const made = await sendTransfer(
      t.app,
      a.cookie,
      { accountId: String(a.account.id), beneficiaryId: b.id, amount: 1_500, type: 'standard' },
      { sca },
    );
    expect(made.statusCode, made.body).toBe(201);
    const transfer = Transfer.parse(made.json());
    const cancelled = await t.app.inject({
      method: 'DELETE',
      url: `/api/transfers/${transfer.id}`,
      headers: { cookie: a.cookie, 'x-requested-with': 'comptoir' },
    });
    expect(cancelled.statusCode, cancelled.body).toBeLessThan(300);
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/accounts/${a.account.id}/transactions`,
      headers: { cookie: a.cookie },
    });
    expect(OperationsPage.parse(list.json()).items.some((o) => o.number === transfer.number)).toBe(false);
  });

  it("to another bank that does not answer in time: released, « la banque du bénéficiaire n'a pas répondu »", async () => {
    const before = t.ctx.config.instantRailTimeoutMs;
    t.ctx.config.instantRailTimeoutMs = 150;
    try {
      const { a, transfer } = await offUs('DE71370400440532014003', 'Paul Weber');
      expect(transfer).toMatchObject({
        status: 'rejected',
        reasonMessage: "Virement refusé : la banque du bénéficiaire n'a pas répondu",
      });
      expect(await balances(t.ctx, a.account)).toEqual({ posted: 10_000n, pending: 0n });
    } finally {
      t.ctx.config.instantRailTimeoutMs = before;
    }
    expect(await verifyLedger(t.ctx.db)).toEqual([]);
  });
});

describe('isolation: customer A never reaches B’s transfers, accounts or beneficiaries', () => {
  it('answers 404 exactly like an unknown id on every route', async () => {
    const a = await signedIn(t.ctx, t.app, 5_000);
    const bob = await signedIn(t.ctx, t.app, 5_000);
    const bobPayee = await payee(t.ctx, bob.customer.id, ERIKA);
    const created = await sendTransfer(
      t.app,
      bob.cookie,
      {
        accountId: String(bob.account.id),
        beneficiaryId: bobPayee.id,
        amount: 100,
        type: 'standard',
        executionDate: addDays(parisDate(t.clock.now()), 30),
      },
      {
        sca: await transferToken(t.ctx, bob.customer.id, 100, bobPayee, {
          executionDate: addDays(parisDate(t.clock.now()), 30),
        }),
      },
    );
    expect(created.statusCode).toBe(201);
    const bobTransfer = Transfer.parse(created.json());
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const id of [bobTransfer.id, unknown]) {
      const read = await t.app.inject({
        method: 'GET',
        url: `/api/transfers/${id}`,
        headers: { cookie: a.cookie },
      });
      expect(read.statusCode).toBe(404);
      const cancel = await t.app.inject({
        method: 'DELETE',
        url: `/api/transfers/${id}`,
        headers: { 'x-requested-with': 'comptoir', cookie: a.cookie },
      });
      expect(cancel.statusCode).toBe(404);
      expect(problem(cancel).detail).toBe('Virement introuvable.');
    }
    const mine = await payee(t.ctx, a.customer.id, ERIKA);
    const fromBob = await sendTransfer(t.app, a.cookie, {
      accountId: String(bob.account.id),
      beneficiaryId: mine.id,
      amount: 100,
      type: 'instant',
    });
    expect(fromBob.statusCode).toBe(404);
    const list = await t.app.inject({ method: 'GET', url: '/api/transfers', headers: { cookie: a.cookie } });
    expect(list.statusCode).toBe(200);
    expect(JSON.stringify(list.json())).not.toContain(bobTransfer.id);
    const listBob = await t.app.inject({
      method: 'GET',
      url: `/api/transfers?accountId=${bob.account.id}`,
      headers: { cookie: a.cookie },
    });
    expect(listBob.statusCode).toBe(404);
    // Bob's own view is intact.
    const bobRead = await t.app.inject({
      method: 'GET',
      url: `/api/transfers/${bobTransfer.id}`,
      headers: { cookie: bob.cookie },
    });
    expect(Transfer.parse(bobRead.json()).status).toBe('scheduled');
  });

  it('refuses signed-out callers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/transfers' });
    expect(res.statusCode).toBe(401);
  });
});
