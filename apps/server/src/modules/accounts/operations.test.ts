import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account, OperationDetail, OperationsPage, OperationsSummary } from '@comptoir/contracts';
import { cents, statementMonthOf } from '@comptoir/core';
import {
  customerAccounts,
  glAccount,
  postEntry,
  reserveEntry,
  settleEntry,
  voidEntry,
  verifyLedger,
  type EntryInput,
} from '../../ledger/index.ts';
import { makeTestContext, type TestContext } from '../../testing/test-context.ts';
import { makeCustomer, signIn, type TestCustomer } from '../../testing/customers.ts';

let t: TestContext;
let owner: TestCustomer;
let stranger: TestCustomer;
let cookie: string;
let strangerCookie: string;
let main: Account;
let strangerMain: Account;
const ids: Record<string, string> = {};
const numbers: Record<string, string> = {};

const utc = (iso: string) => new Date(iso);

/** A posted entry on `accountId`: positive = a credit from the clearing account. */
async function book(
  accountId: string,
  name: string,
  amount: number,
  at: string,
  extra: Partial<EntryInput> = {},
): Promise<void> {
  const ref = await t.ctx.db.tx(async (q) => {
    const clearing = await glAccount(q, extra.kind === 'card' ? 'gl:card-settlement' : 'gl:sepa-clearing');
    return postEntry(q, {
      kind: 'transfer',
      counterpartyName: name,
      ...extra,
      legs: [
        { accountId: BigInt(accountId), amount: cents(BigInt(amount)) },
        { accountId: clearing.id, amount: cents(BigInt(-amount)) },
      ],
      at: utc(at),
    });
  });
  ids[name] = String(ref.entryId);
  numbers[name] = ref.number;
}

const get = (url: string, session = cookie) =>
  t.app.inject({ method: 'GET', url, headers: { cookie: session } });
const page = async (query: string, account = main.id): Promise<OperationsPage> => {
  const res = await get(`/api/accounts/${account}/transactions?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<OperationsPage>();
};
const names = (p: OperationsPage) => p.items.map((i) => i.counterpartyName);

beforeAll(async () => {
  t = await makeTestContext({ rateLimits: false });
  owner = await makeCustomer(t.ctx, { firstName: 'Éloïse', lastName: 'Lefèvre' });
  stranger = await makeCustomer(t.ctx);
  cookie = await signIn(t.app, owner);
  strangerCookie = await signIn(t.app, stranger);
  const mine = await get('/api/accounts');
  main = mine.json<Account[]>().find((a) => a.kind === 'main')!;
  strangerMain = (await get('/api/accounts', strangerCookie)).json<Account[]>()[0]!;

  // Funding, then months whose bounds are Luxembourg midnights (CET in winter, CEST in summer).
  await book(main.id, 'Employeur SA', 500_000, '2025-01-15T10:00:00Z', { reference: 'Salaire janvier' });
  await book(main.id, 'Fin février', -1_111, '2025-02-28T22:59:59Z'); // 23:59:59 CET, 28 Feb
  await book(main.id, 'Début mars', -2_222, '2025-02-28T23:00:00Z'); // 00:00 CET, 1 Mar
  await book(main.id, 'Fin mars', -3_333, '2025-03-31T21:59:59Z'); // 23:59:59 CEST (after the change)
  await book(main.id, 'Début avril', -4_444, '2025-03-31T22:00:00Z'); // 00:00 CEST, 1 Apr
  await book(main.id, 'Fin octobre', -5_555, '2025-10-31T22:59:59Z'); // 23:59:59 CET (after the change)
  await book(main.id, 'Début novembre', -6_666, '2025-10-31T23:00:00Z'); // 00:00 CET, 1 Nov
  // Booked after April's entries but dated in March: ids and dates disagree.
  await book(main.id, 'Retardataire de mars', -777, '2025-03-10T12:00:00Z');
  await book(main.id, 'Boulangerie Dupré', -1_234, '2025-03-12T08:00:00Z', {
    kind: 'card',
    description: 'Carte',
    metadata: { channel: 'in_store' },
  });
  await book(main.id, 'Remboursement', 2_500, '2025-03-13T08:00:00Z', { reference: '100% remboursé' });
  await book(main.id, 'Sans pourcent', 2_600, '2025-03-14T08:00:00Z', { reference: '100 remboursé' });
  await book(main.id, 'Souligné', -100, '2025-03-15T08:00:00Z', { reference: 'ref_a' });
  await book(main.id, 'Sans souligné', -101, '2025-03-16T08:00:00Z', { reference: 'refxa' });
  await book(main.id, 'Voisin', 1_500, '2025-03-17T08:00:00Z', {
    metadata: { payerName: 'Jean Payeur', payerIban: 'LU280019400644750000' },
  });
  // 25 operations in May 2025, for paging within a month.
  for (let i = 0; i < 25; i++)
    await book(main.id, `Mai ${i}`, -10 - i, `2025-05-${String(1 + i).padStart(2, '0')}T09:00:00Z`);
  // The stranger's own history.
  await book(strangerMain.id, 'Étranger SA', 9_999, '2025-03-20T08:00:00Z');
});
afterAll(() => t.close());

describe('the month filter', () => {
  it('cuts months at Luxembourg midnight, winter and summer time alike', async () => {
    expect(names(await page('month=2025-02'))).toEqual(['Fin février']);
    const march = names(await page('month=2025-03'));
    expect(march).toContain('Début mars');
    expect(march).toContain('Fin mars');
    expect(march).not.toContain('Fin février');
    expect(march).not.toContain('Début avril');
    expect(names(await page('month=2025-04'))).toEqual(['Début avril']);
    expect(names(await page('month=2025-10'))).toEqual(['Fin octobre']);
    expect(names(await page('month=2025-11'))).toEqual(['Début novembre']);
  });

  it('finds an entry dated in a month but booked after later ones, newest id first', async () => {
    const march = names(await page('month=2025-03'));
    expect(march[march.indexOf('Retardataire de mars') - 1]).toBeDefined();
    expect(march.indexOf('Retardataire de mars')).toBeLessThan(march.indexOf('Fin mars'));
    expect(march).toHaveLength(9);
  });

  it('keeps the cursor within the month, with nothing twice and nothing missed', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const p: OperationsPage = await page(`month=2025-05&limit=10${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...names(p).map(String));
      cursor = p.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(Array.from({ length: 25 }, (_, i) => `Mai ${24 - i}`));
  });

  it('refuses a month that is not one, in French', async () => {
    for (const month of ['2025-13', '2025-1', '0000-01', 'mars']) {
      const res = await get(`/api/accounts/${main.id}/transactions?month=${month}`);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ detail: string }>().detail).toMatch(/Mois attendu/);
    }
  });
});

describe('the text search', () => {
  it('ignores case and accents, on the counterparty', async () => {
    for (const q of ['dupre', 'DUPRÉ', 'boulangerie dupré'])
      expect(names(await page(`q=${encodeURIComponent(q)}`))).toEqual(['Boulangerie Dupré']);
  });

  it('searches the reason, the description and the st- number', async () => {
    expect(names(await page('q=salaire'))).toEqual(['Employeur SA']);
    expect(names(await page(`q=${numbers['Fin octobre']}`))).toEqual(['Fin octobre']);
    expect(names(await page(`q=${numbers['Fin octobre']!.toUpperCase()}`))).toEqual(['Fin octobre']);
    expect(names(await page('q=carte&month=2025-03'))).toEqual(['Boulangerie Dupré']);
  });

  it('names the payer of an on-us credit, and finds it by that name', async () => {
    const found = await page('q=payeur');
    expect(names(found)).toEqual(['Jean Payeur']);
    expect(found.items[0]?.counterpartyIban).toBe('LU280019400644750000');
  });

  it('matches % and _ literally', async () => {
    expect(names(await page(`q=${encodeURIComponent('100%')}`))).toEqual(['Remboursement']);
    expect(names(await page('q=ref_'))).toEqual(['Souligné']);
  });

  it('finds an amount written in euros', async () => {
    expect(names(await page(`q=${encodeURIComponent('12,34')}`))).toEqual(['Boulangerie Dupré']);
    expect(names(await page('q=12.34'))).toEqual(['Boulangerie Dupré']);
  });

  it('pages through search results with the cursor', async () => {
    const first = await page('q=mai&limit=20');
    expect(first.items).toHaveLength(20);
    const second = await page(`q=mai&limit=20&cursor=${first.nextCursor}`);
    expect(names(second)).toEqual(['Mai 4', 'Mai 3', 'Mai 2', 'Mai 1', 'Mai 0']);
    expect(second.nextCursor).toBeNull();
  });

  it('never shows another customer’s operations', async () => {
    expect((await page('q=etranger')).items).toEqual([]);
    const res = await get(`/api/accounts/${strangerMain.id}/transactions?q=etranger`);
    expect(res.statusCode).toBe(404);
  });
});

describe('the operation detail', () => {
  it('shows everything the sheet needs', async () => {
    const res = await get(`/api/accounts/${main.id}/transactions/${ids['Boulangerie Dupré']}`);
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json<OperationDetail>();
    expect(d).toMatchObject({
      id: ids['Boulangerie Dupré'],
      number: numbers['Boulangerie Dupré'],
      kind: 'card',
      status: 'posted',
      amount: -1_234,
      direction: 'debit',
      merchant: 'Boulangerie Dupré',
      cardChannel: 'in_store',
      transferType: null,
      createdAt: '2025-03-12T08:00:00.000Z',
      postedAt: '2025-03-12T08:00:00.000Z',
      valueDate: '2025-03-12',
    });
    // Balance after: everything booked up to it (by entry id order).
    const all = await page('limit=100');
    const older = all.items.filter((i) => BigInt(i.id) <= BigInt(d.id));
    expect(d.balanceAfter).toBe(older.reduce((sum, i) => sum + i.amount, 0));
  });

  it('gives the value date in Luxembourg time', async () => {
    const d = (
      await get(`/api/accounts/${main.id}/transactions/${ids['Début mars']}`)
    ).json<OperationDetail>();
    expect(d.valueDate).toBe('2025-03-01');
  });

  it('shows a pending debit without balance after or value date, and not once voided', async () => {
    const { pending, voided } = await t.ctx.db.tx(async (q) => {
      const clearing = await glAccount(q, 'gl:sepa-clearing');
      const legs = (amount: number) => [
        { accountId: BigInt(main.id), amount: cents(BigInt(-amount)) },
        { accountId: clearing.id, amount: cents(BigInt(amount)) },
      ];
      const p = await reserveEntry(q, {
        kind: 'transfer',
        legs: legs(300),
        counterpartyName: 'En attente',
        at: new Date(),
      });
      const v = await reserveEntry(q, {
        kind: 'transfer',
        legs: legs(400),
        counterpartyName: 'Annulé',
        at: new Date(),
      });
      await voidEntry(q, v.entryId, new Date());
      return { pending: p, voided: v };
    });
    const d = (await get(`/api/accounts/${main.id}/transactions/${pending.entryId}`)).json<OperationDetail>();
    expect(d).toMatchObject({ status: 'pending', balanceAfter: null, valueDate: null, postedAt: null });
    const gone = await get(`/api/accounts/${main.id}/transactions/${voided.entryId}`);
    expect(gone.statusCode).toBe(404);
    await t.ctx.db.tx((q) => voidEntry(q, pending.entryId, new Date()));
  });

  it('names a SEPA direct debit’s mandate and creditor identifier, and its refund’s', async () => {
    const payer = await makeCustomer(t.ctx);
    const payerCookie = await signIn(t.app, payer);
    const account = (await get('/api/accounts', payerCookie)).json<Account[]>()[0]!;
    const directDebit = { mandateReference: 'RUM-2026-EV-000123', creditorId: 'FR72ZZZ123456' };
    await book(account.id, 'Energie Verte', 5_000, '2025-06-01T08:00:00Z');
    await book(account.id, 'Prélèvement Energie Verte', -4_200, '2025-06-02T08:00:00Z', {
      kind: 'direct_debit',
      counterpartyName: 'Energie Verte',
      description: 'Prélèvement SEPA',
      reference: 'RUM-2026-EV-000123 / Facture 42',
      metadata: { directDebitId: '0d4f7b5e-8d53-4b0a-9d44-5a1f1d0b2c11', sequence: 'FRST', ...directDebit },
    });
    await book(account.id, 'Remboursement Energie Verte', 4_200, '2025-06-03T08:00:00Z', {
      kind: 'direct_debit',
      counterpartyName: 'Energie Verte',
      description: 'Remboursement de prélèvement SEPA',
      reference: 'RUM-2026-EV-000123',
      metadata: { collectionId: '0d4f7b5e-8d53-4b0a-9d44-5a1f1d0b2c11', refund: true, ...directDebit },
    });
    const detail = async (name: string) => {
      const res = await get(`/api/accounts/${account.id}/transactions/${ids[name]}`, payerCookie);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<OperationDetail>();
    };
    expect(await detail('Prélèvement Energie Verte')).toMatchObject({
      kind: 'direct_debit',
      direction: 'debit',
      reference: 'RUM-2026-EV-000123 / Facture 42',
      ...directDebit,
    });
    expect(await detail('Remboursement Energie Verte')).toMatchObject({
      kind: 'direct_debit',
      direction: 'credit',
      ...directDebit,
    });
    // Any other kind has neither, whatever its metadata says.
    await book(account.id, 'Virement trompeur', -100, '2025-06-04T08:00:00Z', { metadata: directDebit });
    expect(await detail('Virement trompeur')).toMatchObject({ mandateReference: null, creditorId: null });
  });

  it('answers another customer’s, unknown and malformed ids with the same 404', async () => {
    const theirs = ids['Étranger SA'];
    const urls = [
      `/api/accounts/${main.id}/transactions/${theirs}`,
      `/api/accounts/${strangerMain.id}/transactions/${theirs}`,
      `/api/accounts/${main.id}/transactions/999999999999`,
      `/api/accounts/${main.id}/transactions/abc`,
      `/api/accounts/x/transactions/${ids['Voisin']}`,
    ];
    for (const url of urls) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json<{ detail: string }>().detail).toBe('Opération introuvable.');
    }
    // The stranger sees their own.
    expect((await get(urls[1]!, strangerCookie)).statusCode).toBe(200);
  });
});

describe('the monthly summary', () => {
  it('adds up the month in exact cents, by kind, with the six months to it', async () => {
    const res = await get(`/api/accounts/${main.id}/summary?month=2025-03`);
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json<OperationsSummary>();
    // March: Début mars 2 222, Fin mars 3 333, Retardataire 777, Dupré 1 234 (card), Souligné 100,
    // Sans souligné 101 out; Remboursement 2 500, Sans pourcent 2 600, Voisin 1 500 in.
    expect(s.month).toBe('2025-03');
    expect(s.moneyOut).toBe(2_222 + 3_333 + 777 + 1_234 + 100 + 101);
    expect(s.moneyIn).toBe(2_500 + 2_600 + 1_500);
    expect(s.byKind).toEqual([
      { kind: 'card', moneyIn: 0, moneyOut: 1_234 },
      { kind: 'transfer', moneyIn: 6_600, moneyOut: 2_222 + 3_333 + 777 + 100 + 101 },
    ]);
    expect(s.months).toEqual([
      { month: '2024-10', moneyIn: 0, moneyOut: 0 },
      { month: '2024-11', moneyIn: 0, moneyOut: 0 },
      { month: '2024-12', moneyIn: 0, moneyOut: 0 },
      { month: '2025-01', moneyIn: 500_000, moneyOut: 0 },
      { month: '2025-02', moneyIn: 0, moneyOut: 1_111 },
      { month: '2025-03', moneyIn: 6_600, moneyOut: s.moneyOut },
    ]);
  });

  it('counts a reserved debit in the month it is booked, not before', async () => {
    const month = statementMonthOf(new Date());
    const before = (await get(`/api/accounts/${main.id}/summary?month=${month}`)).json<OperationsSummary>();
    const ref = await t.ctx.db.tx(async (q) => {
      const clearing = await glAccount(q, 'gl:sepa-clearing');
      return reserveEntry(q, {
        kind: 'transfer',
        counterpartyName: 'Réservé',
        legs: [
          { accountId: BigInt(main.id), amount: cents(-700n) },
          { accountId: clearing.id, amount: cents(700n) },
        ],
        at: new Date(),
      });
    });
    const reserved = (await get(`/api/accounts/${main.id}/summary?month=${month}`)).json<OperationsSummary>();
    expect(reserved.moneyOut).toBe(before.moneyOut);
    await t.ctx.db.tx((q) => settleEntry(q, ref.entryId, new Date()));
    const booked = (await get(`/api/accounts/${main.id}/summary?month=${month}`)).json<OperationsSummary>();
    expect(booked.moneyOut).toBe(before.moneyOut + 700);
  });

  it('defaults to the current month and refuses another customer’s account', async () => {
    const res = await get(`/api/accounts/${main.id}/summary`);
    expect(res.json<OperationsSummary>().month).toBe(statementMonthOf(t.ctx.clock.now()));
    for (const id of [strangerMain.id, '999999999', 'abc']) {
      const other = await get(`/api/accounts/${id}/summary?month=2025-03`);
      expect(other.statusCode).toBe(404);
      expect(other.json<{ detail: string }>().detail).toBe('Compte introuvable.');
    }
    expect((await get(`/api/accounts/${main.id}/summary?month=2025-3`)).statusCode).toBe(400);
  });

  it('leaves every ledger invariant standing, and each posting dated as its entry', async () => {
    expect(await verifyLedger(t.ctx.db)).toEqual([]);
    const { rows } = await t.ctx.db.query<{ n: bigint }>(
      `select count(*)::bigint as n from ledger_postings p join ledger_entries e on e.id = p.entry_id
        where p.entry_created_at <> e.created_at or p.entry_posted_at is distinct from e.posted_at`,
    );
    expect(rows[0]?.n).toBe(0n);
    expect((await customerAccounts(t.ctx.db, owner.id)).length).toBeGreaterThan(0);
  });
});
