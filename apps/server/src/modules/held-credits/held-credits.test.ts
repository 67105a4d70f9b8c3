import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CustomerHeldCreditList,
  HeldCredit,
  HeldCreditList,
  IncomingTransferResponse,
  Problem,
  type OperatorRole,
} from '@comptoir/contracts';
import {
  closeCustomerAccounts,
  customerAccounts,
  glAccount,
  ledgerBalance,
  postEntry,
  verifyLedger,
  type LedgerAccount,
} from '../../ledger/index.ts';
import { customerCall } from '../../testing/customer-call.ts';
import { makeCustomer, signIn as signInCustomer } from '../../testing/customers.ts';
import { move } from '../../testing/ledger-fixtures.ts';
import { makeTestContext, MUTATION, type TestContext } from '../../testing/test-context.ts';
import { newOperator, signIn, withOperator } from '../operators/__tests__/testing.ts';
import { monitorAllMovements } from '../monitoring/index.ts';
import { decisionDeadline } from './deadline.ts';

// Held incoming credits (docs/held-credits.md): on gl:held-credits, not spendable, « en cours de
// vérification » for the customer; released or returned, each a balanced entry, under four eyes.

let t: TestContext;
type Who = 'alice' | 'bruno' | 'sam';
const ops: Record<Who, string> = { alice: '', bruno: '', sam: '' };
const opIds: Record<Who, string> = { alice: '', bruno: '', sam: '' };
const made: Partial<Record<Who, Awaited<ReturnType<typeof newOperator>>>> = {};

beforeAll(async () => {
  t = await makeTestContext({ rateLimits: false }, { ownDatabase: true });
  const roles: Record<Who, OperatorRole> = { alice: 'compliance', bruno: 'admin', sam: 'support' };
  for (const who of Object.keys(roles) as Who[]) {
    const op = await newOperator(t, roles[who]);
    made[who] = op;
    opIds[who] = op.id;
    ops[who] = await signIn(t, op);
  }
  t.clock.advance(1_000);
});
afterAll(() => t.close());

const bo = (who: Who, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/api/backoffice/held-credits${url}`,
    cookies: withOperator(ops[who]),
    ...(method === 'POST' ? { headers: MUTATION, payload: payload ?? {} } : {}),
  });
const code = (res: { json(): unknown }) => Problem.parse(res.json()).code;
const held = (res: { statusCode: number; body: string; json(): unknown }, status = 200): HeldCredit => {
  expect(res.statusCode, res.body).toBe(status);
  return HeldCredit.parse(res.json());
};

interface Customer {
  id: string;
  cookie: string;
  account: LedgerAccount;
}

async function newCustomer(): Promise<Customer> {
  const c = await makeCustomer(t.ctx);
  const [account] = await customerAccounts(t.ctx.db, c.id);
  if (!account?.iban) throw new Error('no account');
  return { id: c.id, cookie: await signInCustomer(t.app, c), account };
}

let key = 0;
/** A credit from another bank through the sandbox rail. */
async function incoming(c: Customer, amount: number, debtorName = 'Expéditeur SARL') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/sandbox/incoming-transfers',
    headers: { ...MUTATION, 'idempotency-key': `held-${process.pid}-${key++}` },
    cookies: withOperator(ops.alice),
    payload: {
      iban: c.account.iban,
      amount,
      debtorName,
      debtorIban: 'DE89370400440532013000',
      reference: 'Facture 12',
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return IncomingTransferResponse.parse(res.json());
}

const balance = (c: Customer) => ledgerBalance(t.ctx.db, c.account.id);
const suspense = async () => ledgerBalance(t.ctx.db, (await glAccount(t.ctx.db, 'gl:held-credits')).id);
const customerList = async (c: Customer) =>
  CustomerHeldCreditList.parse((await customerCall(t.app, 'GET', '/api/held-credits', c.cookie)).json())
    .items;

/** A customer whose undecided case holds a pass-through: 2,000 € in, 900 + 800 € out. */
async function watchedCustomer(): Promise<Customer> {
  const c = await newCustomer();
  await incoming(c, 200_000);
  const clearing = await glAccount(t.ctx.db, 'gl:sepa-clearing');
  for (const amount of [90_000, 80_000]) {
    t.clock.advance(1_000);
    await t.ctx.db.tx((q) =>
      postEntry(q, { ...move(c.account, clearing, amount, t.clock.now()), counterpartyName: 'Mule' }),
    );
  }
  await monitorAllMovements(t.ctx);
  return c;
}

describe('holding a credit already booked (from a case)', () => {
  it('moves it to the suspense account in one entry; the customer sees it « en cours de vérification »', async () => {
    const c = await newCustomer();
    const credit = await incoming(c, 200_000);
    expect(credit.held).toBe(false);
    const before = await suspense();
    const h = held(
      await bo('alice', 'POST', '', { entryId: credit.entryId, note: 'Origine à justifier.' }),
      201,
    );
    expect(h).toMatchObject({
      status: 'held',
      amount: 200_000,
      originatorName: 'Expéditeur SARL',
      creditNumber: credit.number,
      heldBy: { id: opIds.alice },
      holdRule: null,
      deadline: decisionDeadline(t.clock.now()),
      overdue: false,
      proposal: null,
      decision: null,
    });
    expect(await balance(c)).toBe(0n);
    expect((await suspense()) - before).toBe(200_000n);
    expect(await customerList(c)).toEqual([
      expect.objectContaining({
        id: h.id,
        status: 'verifying',
        amount: 200_000,
        originatorName: 'Expéditeur SARL',
      }),
    ]);
    // Once only, whoever tries again.
    expect(code(await bo('bruno', 'POST', '', { entryId: credit.entryId, note: 'Encore.' }))).toBe(
      'held_credit_already_held',
    );
  });

  it('is refused once the customer’s own money no longer covers it: their overdraft is never used', async () => {
    const c = await newCustomer();
    const credit = await incoming(c, 100_000);
    await t.ctx.db.query(`update ledger_accounts set overdraft_limit = 500000 where id = $1`, [
      String(c.account.id),
    ]);
    const clearing = await glAccount(t.ctx.db, 'gl:sepa-clearing');
    await t.ctx.db.tx((q) => postEntry(q, move(c.account, clearing, 1, t.clock.now())));
    expect(code(await bo('alice', 'POST', '', { entryId: credit.entryId, note: 'Trop tard.' }))).toBe(
      'held_credit_spent',
    );
    expect(await balance(c)).toBe(99_999n);
  });

  it('takes only a credit from another bank: not a payment out, not an unknown operation', async () => {
    const c = await newCustomer();
    await incoming(c, 50_000);
    const clearing = await glAccount(t.ctx.db, 'gl:sepa-clearing');
    const out = await t.ctx.db.tx((q) => postEntry(q, move(c.account, clearing, 1_000, t.clock.now())));
    for (const entryId of [String(out.entryId), '999999999']) {
      expect(code(await bo('alice', 'POST', '', { entryId, note: 'x' }))).toBe('held_credit_not_incoming');
    }
    expect((await bo('alice', 'POST', '', { entryId: 'abc', note: 'x' })).statusCode).toBe(400);
    expect((await bo('alice', 'POST', '', { entryId: '12', note: '' })).statusCode).toBe(400);
  });
});

describe('releasing and returning, under four eyes', () => {
  it('a release proposed by one operator and approved by another credits the customer, once', async () => {
    const c = await newCustomer();
    const credit = await incoming(c, 150_000);
    const h = held(await bo('alice', 'POST', '', { entryId: credit.entryId, note: 'À vérifier.' }), 201);
    const proposed = held(
      await bo('alice', 'POST', `/${h.id}/release`, {
        reason: 'origin_justified',
        note: 'Contrat de vente reçu.',
      }),
    );
    expect(proposed.status).toBe('release_proposed');
    expect(proposed.proposal).toMatchObject({
      action: 'release',
      reason: 'origin_justified',
      by: { id: opIds.alice },
    });
    expect(
      code(await bo('alice', 'POST', `/${h.id}/release`, { reason: 'no_suspicion', note: 'Encore.' })),
    ).toBe('held_credit_proposal_pending');
    expect(await balance(c)).toBe(0n);
    expect(code(await bo('alice', 'POST', `/${h.id}/approve`))).toBe('held_credit_own_approval');

    const [a, b] = await Promise.all([
      bo('bruno', 'POST', `/${h.id}/approve`, { note: 'Vu.' }),
      bo('bruno', 'POST', `/${h.id}/approve`, { note: 'Vu.' }),
    ]);
    const statuses = [a.statusCode, b.statusCode].sort();
    expect(statuses).toEqual([200, 409]);
    const done = HeldCredit.parse((a.statusCode === 200 ? a : b).json());
    expect(done).toMatchObject({ status: 'released', decision: { by: { id: opIds.bruno }, note: 'Vu.' } });
    expect(await balance(c)).toBe(150_000n);
    expect((await customerList(c))[0]).toMatchObject({ status: 'released' });
    expect(code(await bo('alice', 'POST', `/${h.id}/return`, { reason: 'FRAD', note: 'Trop tard.' }))).toBe(
      'held_credit_decided',
    );
  });

  it('the other proposal replaces a pending one; its approval still takes someone else', async () => {
    const c = await newCustomer();
    const credit = await incoming(c, 120_000);
    const h = held(await bo('alice', 'POST', '', { entryId: credit.entryId, note: 'À vérifier.' }), 201);
    held(await bo('alice', 'POST', `/${h.id}/release`, { reason: 'no_suspicion', note: 'Rien vu.' }));
    const countered = held(
      await bo('bruno', 'POST', `/${h.id}/return`, {
        reason: 'FRAD',
        note: 'Signalé par la banque émettrice.',
      }),
    );
    expect(countered.proposal).toMatchObject({ action: 'return', reason: 'FRAD', by: { id: opIds.bruno } });
    expect(code(await bo('bruno', 'POST', `/${h.id}/approve`))).toBe('held_credit_own_approval');
    expect(held(await bo('alice', 'POST', `/${h.id}/approve`)).status).toBe('returned');
  });

  it('an operator made after the proposal is no second pair of eyes', async () => {
    const c = await newCustomer();
    const credit = await incoming(c, 110_000);
    const h = held(await bo('alice', 'POST', '', { entryId: credit.entryId, note: 'À vérifier.' }), 201);
    held(await bo('alice', 'POST', `/${h.id}/return`, { reason: 'MS03', note: 'Doute.' }));
    t.clock.advance(1_000);
    const late = await signIn(t, await newOperator(t, 'compliance'));
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/backoffice/held-credits/${h.id}/approve`,
      headers: MUTATION,
      cookies: withOperator(late),
      payload: {},
    });
    expect(code(res)).toBe('held_credit_checker_too_recent');
  });

  it('a release needs the customer’s account open: a closed one leaves only the return', async () => {
    const c = await newCustomer();
    const credit = await incoming(c, 130_000);
    const h = held(await bo('alice', 'POST', '', { entryId: credit.entryId, note: 'À vérifier.' }), 201);
    await t.ctx.db.tx((q) => closeCustomerAccounts(q, c.id));
    expect(code(await bo('alice', 'POST', `/${h.id}/release`, { reason: 'no_suspicion', note: 'x' }))).toBe(
      'held_credit_account_closed',
    );
    held(await bo('alice', 'POST', `/${h.id}/return`, { reason: 'MS03', note: 'Compte clos.' }));
    expect(held(await bo('bruno', 'POST', `/${h.id}/approve`)).status).toBe('returned');
  });
});

describe('a credit held on arrival by the rule', () => {
  it('is booked straight to the suspense account when the customer’s case holds a pass-through; then returned to the originator’s bank', async () => {
    const c = await watchedCustomer();
    const balanceBefore = await balance(c);
    const clearing = await glAccount(t.ctx.db, 'gl:sepa-clearing');
    const clearingBefore = await ledgerBalance(t.ctx.db, clearing.id);
    const small = await incoming(c, 99_999);
    expect(small.held).toBe(false);
    const big = await incoming(c, 300_000, 'Inconnu Ltd');
    expect(big.held).toBe(true);
    expect(await balance(c)).toBe(balanceBefore + 99_999n);

    const queue = HeldCreditList.parse((await bo('bruno', 'GET', '?status=open')).json()).items;
    const h = queue.find((i) => i.creditNumber === big.number);
    expect(h).toMatchObject({
      holdRule: 'watched_customer',
      heldBy: null,
      amount: 300_000,
      caseId: expect.any(String),
    });
    expect(await customerList(c)).toContainEqual(
      expect.objectContaining({ status: 'verifying', amount: 300_000 }),
    );

    held(
      await bo('alice', 'POST', `/${h!.id}/return`, { reason: 'FRAD', note: 'Fonds d’origine frauduleuse.' }),
    );
    const returned = held(await bo('bruno', 'POST', `/${h!.id}/approve`));
    expect(returned.status).toBe('returned');
    // Out of the clearing account and back into it: the originator's bank has it again; never the customer's.
    expect(await ledgerBalance(t.ctx.db, clearing.id)).toBe(clearingBefore - 99_999n);
    expect(await balance(c)).toBe(balanceBefore + 99_999n);
    const entry = await t.ctx.db.query<{ description: string; metadata: Record<string, unknown> }>(
      `select description, metadata from ledger_entries where number = $1`,
      [returned.decision!.entryNumber],
    );
    expect(entry.rows[0]).toMatchObject({
      description: 'Retour d’un virement reçu',
      metadata: { heldCredit: 'return', returnReason: 'FRAD' },
    });
    expect((await customerList(c)).find((i) => i.id === h!.id)).toMatchObject({ status: 'returned' });
  });

  it('released, it reaches the customer as the incoming transfer it is, and the rules read it', async () => {
    const c = await watchedCustomer();
    const before = await balance(c);
    const big = await incoming(c, 250_000, 'Inconnu Ltd');
    const id = (
      await t.ctx.db.query<{ id: string }>(`select id from held_credits where credit_entry_id = $1`, [
        big.entryId,
      ])
    ).rows[0]!.id;
    held(
      await bo('bruno', 'POST', `/${id}/release`, {
        reason: 'origin_justified',
        note: 'Héritage, acte reçu.',
      }),
    );
    const released = held(await bo('alice', 'POST', `/${id}/approve`));
    expect(await balance(c)).toBe(before + 250_000n);
    const entry = await t.ctx.db.query<{ kind: string; counterparty_name: string }>(
      `select kind, counterparty_name from ledger_entries where number = $1`,
      [released.decision!.entryNumber],
    );
    expect(entry.rows[0]).toEqual({ kind: 'transfer', counterparty_name: 'Inconnu Ltd' });
    const fed = await t.ctx.db.query(
      `select 1 from ledger_movements_unmonitored m join ledger_entries e on e.id = m.entry_id where e.number = $1`,
      [released.decision!.entryNumber],
    );
    expect(fed.rowCount).toBe(1);
  });
});

describe('the queue', () => {
  it('a customer sees only their own', async () => {
    const [a, b] = [await newCustomer(), await newCustomer()];
    const credit = await incoming(a, 100_000);
    held(await bo('alice', 'POST', '', { entryId: credit.entryId, note: 'À vérifier.' }), 201);
    expect(await customerList(a)).toHaveLength(1);
    expect(await customerList(b)).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/held-credits' })).statusCode).toBe(401);
  });

  it('is for admin and compliance; an unknown id is a 404; the deadline turns overdue after its last day', async () => {
    expect((await bo('sam', 'GET', '')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/backoffice/held-credits' })).statusCode).toBe(401);
    expect(code(await bo('alice', 'GET', '/00000000-0000-4000-8000-000000000000'))).toBe(
      'held_credit_not_found',
    );
    expect((await bo('alice', 'GET', '/pas-un-id')).statusCode).toBe(404);

    const c = await newCustomer();
    const credit = await incoming(c, 100_000);
    const h = held(await bo('alice', 'POST', '', { entryId: credit.entryId, note: 'À vérifier.' }), 201);
    const open = HeldCreditList.parse((await bo('alice', 'GET', '')).json()).items;
    expect(open.map((i) => i.id)).toContain(h.id);
    t.clock.advance(8 * 24 * 60 * 60 * 1000);
    for (const who of ['alice', 'bruno'] as const) ops[who] = await signIn(t, made[who]!);
    expect(held(await bo('alice', 'GET', `/${h.id}`)).overdue).toBe(true);
    held(await bo('alice', 'POST', `/${h.id}/release`, { reason: 'no_suspicion', note: 'Rien.' }));
    held(await bo('bruno', 'POST', `/${h.id}/approve`));
    const closed = HeldCreditList.parse((await bo('alice', 'GET', '?status=closed')).json()).items;
    expect(closed.find((i) => i.id === h.id)).toMatchObject({ status: 'released', overdue: false });
  });

  it('leaves the ledger balanced, and audits every step without its notes', async () => {
    expect(await verifyLedger(t.ctx.db)).toEqual([]);
    const audit = await t.ctx.db.query<{ action: string; details: string }>(
      `select action, details::text as details from audit_log where action like 'held_credit.%'`,
    );
    expect(new Set(audit.rows.map((r) => r.action))).toEqual(
      new Set([
        'held_credit.held',
        'held_credit.release_proposed',
        'held_credit.return_proposed',
        'held_credit.released',
        'held_credit.returned',
      ]),
    );
    expect(audit.rows.some((r) => r.details.includes('Héritage') || r.details.includes('frauduleuse'))).toBe(
      false,
    );
  });
});
