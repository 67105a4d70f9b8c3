import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_FROZEN_MESSAGE,
  BackofficeCustomerDetail,
  OperationsPage,
  Problem,
  SpaceMove,
  SPACES_MAX,
} from '@comptoir/contracts';
import { makeTestContext, MUTATION, type TestContext } from '../../testing/test-context.ts';
import { customerAccounts, verifyLedger } from '../../ledger/index.ts';
import { makeCustomer, signIn } from '../../testing/customers.ts';
import { insertCustomerFreeze, markFreezeLifted } from '../../testing/asset-freezes.ts';
import { publishSessionsChanged } from '../../events/index.ts';
import { listenLive } from '../events/__tests__/testing.ts';
import { createCardFor } from '../cards/__tests__/testing.ts';
import { newOperator, signIn as operatorSignIn, withOperator } from '../operators/__tests__/testing.ts';
import { fund, payee, sendTransfer, signedIn, transferToken } from '../transfers/__tests__/testing.ts';
import { accountsOf, call, createSpaceFor, moveMoney, type Method } from './__tests__/helpers.ts';

let t: TestContext;
beforeAll(async () => {
  t = await makeTestContext({ rateLimits: false });
});
afterAll(() => t.close());

const problem = (res: { json(): unknown }) => Problem.parse(res.json());

async function ledgerRow(id: string) {
  const { rows } = await t.ctx.db.query<{
    kind: string;
    iban: string | null;
    status: string;
    posted_balance: bigint;
    pending_debits: bigint;
  }>('select kind, iban, status, posted_balance, pending_debits from ledger_accounts where id = $1', [id]);
  if (!rows[0]) throw new Error('no ledger account');
  return rows[0];
}

/** Entries touching the customer's accounts (other tests of this database may post meanwhile). */
const entryCount = async (customerId: string) =>
  (
    await t.ctx.db.query<{ n: number }>(
      `select count(distinct p.entry_id)::int as n from ledger_postings p
         join ledger_accounts a on a.id = p.account_id where a.customer_id = $1`,
      [customerId],
    )
  ).rows[0]!.n;

const operations = async (cookie: string, accountId: string) => {
  const res = await call(t.app, 'GET', `/api/accounts/${accountId}/transactions`, cookie);
  expect(res.statusCode).toBe(200);
  return OperationsPage.parse(res.json()).items;
};

describe('creating an Espace', () => {
  it('opens a sub-account without IBAN, listed under the main account with type space and its goal', async () => {
    const a = await signedIn(t.ctx, t.app, 0);
    const res = await call(t.app, 'POST', '/api/spaces', a.cookie, { name: '  Vacances  ', goal: 50_000 });
    expect(res.statusCode).toBe(201);
    const space = res.json<{ id: string }>();
    expect(space).toMatchObject({ name: 'Vacances', goal: 50_000, bookedBalance: 0, availableBalance: 0 });
    const accounts = await accountsOf(t.app, a.cookie);
    expect(accounts.map((x) => [x.kind, x.type])).toEqual([
      ['main', 'individual'],
      ['sub', 'space'],
    ]);
    expect(accounts[0]!.goal).toBeNull();
    expect(accounts[1]).toMatchObject({ id: space.id, name: 'Vacances', iban: null, goal: 50_000 });
    expect(await ledgerRow(space.id)).toMatchObject({ kind: 'customer_sub', iban: null, status: 'open' });
    // No goal: null.
    const plain = await createSpaceFor(t.app, a.cookie, { name: 'Impôts' });
    expect(plain.goal).toBeNull();
  });

  it.each([
    [{ name: '' }, 'Le nom de l’Espace doit comporter entre 1 et 40 caractères.'],
    [{ name: '     ' }, 'Le nom de l’Espace doit comporter entre 1 et 40 caractères.'],
    [{ name: 'x'.repeat(41) }, 'Le nom de l’Espace doit comporter entre 1 et 40 caractères.'],
    [{}, 'Le nom de l’Espace doit comporter entre 1 et 40 caractères.'],
    [{ name: 'Ok', goal: 99 }, 'L’objectif doit être compris entre 1 € et 1 000 000 €.'],
    [{ name: 'Ok', goal: 100_000_001 }, 'L’objectif doit être compris entre 1 € et 1 000 000 €.'],
    [{ name: 'Ok', goal: '500' }, 'L’objectif doit être compris entre 1 € et 1 000 000 €.'],
  ])('refuses %j with a French 400 and writes nothing', async (body, detail) => {
    const a = await signedIn(t.ctx, t.app, 0);
    const res = await call(t.app, 'POST', '/api/spaces', a.cookie, body);
    expect(res.statusCode).toBe(400);
    expect(problem(res).detail).toContain(detail);
    expect(await accountsOf(t.app, a.cookie)).toHaveLength(1);
  });

  it('refuses a goal with decimals (not integer cents)', async () => {
    const a = await signedIn(t.ctx, t.app, 0);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/spaces',
      headers: { ...MUTATION, cookie: a.cookie },
      payload: '{"name":"Ok","goal":100.5}',
    });
    expect(res.statusCode).toBe(400);
    expect(await accountsOf(t.app, a.cookie)).toHaveLength(1);
  });

  it(`allows ${SPACES_MAX} open Espaces, refuses the next with 409, and counts only open ones`, async () => {
    const a = await signedIn(t.ctx, t.app, 0);
    const spaces = [];
    for (let i = 1; i <= SPACES_MAX; i += 1)
      spaces.push(await createSpaceFor(t.app, a.cookie, { name: `E${i}` }));
    const refused = await call(t.app, 'POST', '/api/spaces', a.cookie, { name: 'Encore' });
    expect(refused.statusCode).toBe(409);
    expect(problem(refused).detail).toBe(
      'Vous avez déjà 10 Espaces ouverts : fermez-en un avant d’en créer un autre.',
    );
    expect(await accountsOf(t.app, a.cookie)).toHaveLength(SPACES_MAX + 1);
    expect((await call(t.app, 'DELETE', `/api/spaces/${spaces[0]!.id}`, a.cookie)).statusCode).toBe(200);
    await createSpaceFor(t.app, a.cookie, { name: 'Encore' });
  });

  it('is for active customers only', async () => {
    const pending = await makeCustomer(t.ctx, { status: 'pending_review' });
    const cookie = await signIn(t.app, pending);
    const res = await call(t.app, 'POST', '/api/spaces', cookie, { name: 'Vacances' });
    expect(res.statusCode).toBe(403);
    expect((await call(t.app, 'POST', '/api/spaces', '', { name: 'Vacances' })).statusCode).toBe(401);
  });
});

describe('renaming and goals', () => {
  it('renames, changes and removes the goal', async () => {
    const a = await signedIn(t.ctx, t.app, 0);
    const space = await createSpaceFor(t.app, a.cookie, { name: 'Vacances', goal: 10_000 });
    const renamed = await call(t.app, 'PATCH', `/api/spaces/${space.id}`, a.cookie, { name: ' Été ' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Été', goal: 10_000 });
    const goal = await call(t.app, 'PATCH', `/api/spaces/${space.id}`, a.cookie, { goal: 80_000 });
    expect(goal.json()).toMatchObject({ name: 'Été', goal: 80_000 });
    const removed = await call(t.app, 'PATCH', `/api/spaces/${space.id}`, a.cookie, { goal: null });
    expect(removed.json()).toMatchObject({ name: 'Été', goal: null });
    expect((await accountsOf(t.app, a.cookie))[1]).toMatchObject({ name: 'Été', goal: null });
  });

  it('refuses an empty change and a bad name in French', async () => {
    const a = await signedIn(t.ctx, t.app, 0);
    const space = await createSpaceFor(t.app, a.cookie);
    const empty = await call(t.app, 'PATCH', `/api/spaces/${space.id}`, a.cookie, {});
    expect(empty.statusCode).toBe(400);
    expect(problem(empty).detail).toContain('Indiquez un nouveau nom ou un objectif.');
    const long = await call(t.app, 'PATCH', `/api/spaces/${space.id}`, a.cookie, { name: 'y'.repeat(41) });
    expect(long.statusCode).toBe(400);
    expect((await accountsOf(t.app, a.cookie))[1]!.name).toBe('Vacances');
  });
});

describe('moving money', () => {
  it('moves in and out at once: one internal entry, both balances, each side reads well', async () => {
    const a = await signedIn(t.ctx, t.app, 100_000);
    const space = await createSpaceFor(t.app, a.cookie, { name: 'Vacances', goal: 50_000 });
    const moved = await moveMoney(t.app, a.cookie, space.id, { amount: 30_000, direction: 'in' });
    expect(moved.statusCode).toBe(201);
    const body = SpaceMove.parse(moved.json());
    expect(body).toMatchObject({ amount: 30_000, direction: 'in', mainBookedBalance: 70_000 });
    expect(body.space).toMatchObject({ bookedBalance: 30_000, availableBalance: 30_000 });
    expect(body.number).toMatch(/^st-\d{8}$/);

    const back = await moveMoney(t.app, a.cookie, space.id, { amount: 12_345, direction: 'out' });
    expect(back.statusCode).toBe(201);
    const [main, sub] = await accountsOf(t.app, a.cookie);
    expect(main).toMatchObject({ bookedBalance: 82_345, availableBalance: 82_345 });
    expect(sub).toMatchObject({ bookedBalance: 17_655, availableBalance: 17_655 });

    const mainOps = await operations(a.cookie, main!.id);
    expect(mainOps.slice(0, 2).map((o) => [o.kind, o.amount, o.counterpartyName, o.balanceAfter])).toEqual([
      ['internal', 12_345, 'Depuis l’Espace Vacances', 82_345],
      ['internal', -30_000, 'Vers l’Espace Vacances', 70_000],
    ]);
    const spaceOps = await operations(a.cookie, sub!.id);
    expect(spaceOps.map((o) => [o.kind, o.amount, o.counterpartyName, o.balanceAfter])).toEqual([
      ['internal', -12_345, 'Vers le compte principal', 17_655],
      ['internal', 30_000, 'Depuis le compte principal', 30_000],
    ]);
    expect(spaceOps[1]!.number).toBe(body.number);
    expect(spaceOps[1]!.status).toBe('posted');
    expect(await verifyLedger(t.ctx.db)).toEqual([]);
  });

  it('refuses more than the available balance on the debited side, writing nothing', async () => {
    const a = await signedIn(t.ctx, t.app, 5_000);
    const space = await createSpaceFor(t.app, a.cookie);
    const before = await entryCount(a.customer.id);
    const tooMuchIn = await moveMoney(t.app, a.cookie, space.id, { amount: 5_001, direction: 'in' });
    expect(tooMuchIn.statusCode).toBe(422);
    expect(problem(tooMuchIn)).toMatchObject({
      code: 'insufficient_funds',
      detail: 'Solde insuffisant pour effectuer cette transaction.',
    });
    expect((await moveMoney(t.app, a.cookie, space.id, { amount: 2_000, direction: 'in' })).statusCode).toBe(
      201,
    );
    const tooMuchOut = await moveMoney(t.app, a.cookie, space.id, { amount: 2_001, direction: 'out' });
    expect(tooMuchOut.statusCode).toBe(422);
    expect(problem(tooMuchOut).detail).toBe('Solde insuffisant pour effectuer cette transaction.');
    expect(await entryCount(a.customer.id)).toBe(before + 1);
    const [main, sub] = await accountsOf(t.app, a.cookie);
    expect([main!.bookedBalance, sub!.bookedBalance]).toEqual([3_000, 2_000]);
  });

  it('under an asset freeze no move goes either way, nothing written; every account reads `frozen`; lifted, moves again (docs/screening.md#freezing-in-the-payment-paths)', async () => {
    const a = await signedIn(t.ctx, t.app, 10_000);
    const space = await createSpaceFor(t.app, a.cookie);
    expect((await moveMoney(t.app, a.cookie, space.id, { amount: 4_000, direction: 'in' })).statusCode).toBe(
      201,
    );
    expect((await accountsOf(t.app, a.cookie)).map((x) => x.frozen)).toEqual([false, false]);
    const freeze = await insertCustomerFreeze(t.ctx.db, a.customer.id, { at: t.clock.now() });
    const before = await entryCount(a.customer.id);
    for (const direction of ['in', 'out'] as const) {
      const res = await moveMoney(t.app, a.cookie, space.id, { amount: 1_000, direction });
      expect(res.statusCode, direction).toBe(409);
      expect(problem(res)).toMatchObject({ code: 'account_frozen', detail: ACCOUNT_FROZEN_MESSAGE });
    }
    expect(await entryCount(a.customer.id)).toBe(before);
    // Balances still shown as they are: frozen, not hidden.
    const frozen = await accountsOf(t.app, a.cookie);
    expect(frozen.map((x) => [x.bookedBalance, x.availableBalance, x.frozen])).toEqual([
      [6_000, 6_000, true],
      [4_000, 4_000, true],
    ]);
    await markFreezeLifted(t.ctx.db, freeze, t.clock.now());
    expect((await moveMoney(t.app, a.cookie, space.id, { amount: 1_000, direction: 'out' })).statusCode).toBe(
      201,
    );
    expect((await accountsOf(t.app, a.cookie)).map((x) => x.frozen)).toEqual([false, false]);
  });

  it('tells every open tab live: create, move, rename and close each send one `spaces` event; a refusal none', async () => {
    const a = await signedIn(t.ctx, t.app, 5_000);
    const live = await listenLive(t.ctx.db, a.customer.id);
    try {
      const space = await createSpaceFor(t.app, a.cookie);
      await live.until(1);
      expect(
        (await moveMoney(t.app, a.cookie, space.id, { amount: 9_000, direction: 'in' })).statusCode,
      ).toBe(422);
      expect(
        (await moveMoney(t.app, a.cookie, space.id, { amount: 1_000, direction: 'in' })).statusCode,
      ).toBe(201);
      await live.until(2);
      expect(
        (await call(t.app, 'PATCH', `/api/spaces/${space.id}`, a.cookie, { name: 'Voyage' })).statusCode,
      ).toBe(200);
      expect(
        (await moveMoney(t.app, a.cookie, space.id, { amount: 1_000, direction: 'out' })).statusCode,
      ).toBe(201);
      expect((await call(t.app, 'DELETE', `/api/spaces/${space.id}`, a.cookie)).statusCode).toBe(200);
      // A last event of another kind marks the end: exactly five `spaces` events came before it.
      await t.ctx.db.tx((q) => publishSessionsChanged(q, a.customer.id));
      expect(await live.until(6)).toEqual([
        ...Array.from({ length: 5 }, () => ({ type: 'spaces' })),
        { type: 'sessions' },
      ]);
    } finally {
      live.stop();
    }
  });

  it.each([
    [{ amount: 0, direction: 'in' }],
    [{ amount: -100, direction: 'out' }],
    [{ amount: 100_000_001, direction: 'in' }],
    [{ amount: 100, direction: 'sideways' }],
    [{ amount: '100', direction: 'in' }],
  ])('refuses %j with a French 400', async (body) => {
    const a = await signedIn(t.ctx, t.app, 5_000);
    const space = await createSpaceFor(t.app, a.cookie);
    const res = await moveMoney(t.app, a.cookie, space.id, body);
    expect(res.statusCode).toBe(400);
    expect(problem(res).detail).toMatch(/montant|Sens attendu/);
    expect((await accountsOf(t.app, a.cookie))[0]!.bookedBalance).toBe(5_000);
  });

  it('needs an Idempotency-Key: same key and body → the first answer once; other body → 409', async () => {
    const a = await signedIn(t.ctx, t.app, 10_000);
    const space = await createSpaceFor(t.app, a.cookie);
    const none = await moveMoney(t.app, a.cookie, space.id, { amount: 100, direction: 'in' }, null);
    expect(none.statusCode).toBe(400);
    expect(problem(none).code).toBe('idempotency_key_required');

    const first = await moveMoney(
      t.app,
      a.cookie,
      space.id,
      { amount: 1_000, direction: 'in' },
      'key-move-0001',
    );
    const again = await moveMoney(
      t.app,
      a.cookie,
      space.id,
      { amount: 1_000, direction: 'in' },
      'key-move-0001',
    );
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const other = await moveMoney(
      t.app,
      a.cookie,
      space.id,
      { amount: 2_000, direction: 'in' },
      'key-move-0001',
    );
    expect(other.statusCode).toBe(409);
    expect(problem(other).code).toBe('idempotency_conflict');
    expect((await accountsOf(t.app, a.cookie)).map((x) => x.bookedBalance)).toEqual([9_000, 1_000]);
  });
});

describe('closing an Espace', () => {
  it('only at zero balance; then it leaves the list, its ledger account closed and kept', async () => {
    const a = await signedIn(t.ctx, t.app, 10_000);
    const space = await createSpaceFor(t.app, a.cookie);
    await moveMoney(t.app, a.cookie, space.id, { amount: 2_500, direction: 'in' });
    const refused = await call(t.app, 'DELETE', `/api/spaces/${space.id}`, a.cookie);
    expect(refused.statusCode).toBe(409);
    expect(problem(refused).detail).toBe(
      'Impossible de fermer cet Espace : son solde doit être nul. Retirez d’abord l’argent vers votre compte principal.',
    );
    expect(await ledgerRow(space.id)).toMatchObject({ status: 'open', posted_balance: 2_500n });

    await moveMoney(t.app, a.cookie, space.id, { amount: 2_500, direction: 'out' });
    const closed = await call(t.app, 'DELETE', `/api/spaces/${space.id}`, a.cookie);
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toEqual({ id: space.id, closed: true });
    expect((await accountsOf(t.app, a.cookie)).map((x) => x.kind)).toEqual(['main']);
    expect(await ledgerRow(space.id)).toMatchObject({ status: 'closed', posted_balance: 0n });
    // Closed: every route answers like an unknown Espace; nothing moves into it.
    const late = await moveMoney(t.app, a.cookie, space.id, { amount: 100, direction: 'in' });
    expect(late.statusCode).toBe(404);
    expect((await call(t.app, 'DELETE', `/api/spaces/${space.id}`, a.cookie)).statusCode).toBe(404);
    expect((await accountsOf(t.app, a.cookie))[0]!.bookedBalance).toBe(10_000);
    expect(await verifyLedger(t.ctx.db)).toEqual([]);
  });
});

describe('an Espace is the customer’s own: every other id answers 404 « Espace introuvable. »', () => {
  it('on every route, for another customer’s Espace, unknown, malformed and main-account ids', async () => {
    const owner = await signedIn(t.ctx, t.app, 10_000);
    const theirs = await createSpaceFor(t.app, owner.cookie);
    await moveMoney(t.app, owner.cookie, theirs.id, { amount: 1_000, direction: 'in' });
    const me = await signedIn(t.ctx, t.app, 10_000);
    const ids = [
      theirs.id,
      '999999999999',
      'abc',
      '0',
      '-1',
      '1e3',
      String(me.account.id),
      String(owner.account.id),
    ];
    const routes: [Method, (id: string) => string, unknown][] = [
      ['PATCH', (id) => `/api/spaces/${id}`, { name: 'Piraté' }],
      ['DELETE', (id) => `/api/spaces/${id}`, undefined],
      ['POST', (id) => `/api/spaces/${id}/moves`, { amount: 100, direction: 'out' }],
      ['POST', (id) => `/api/spaces/${id}/moves`, { amount: 100, direction: 'in' }],
    ];
    for (const id of ids) {
      for (const [method, url, body] of routes) {
        const res = await call(t.app, method, url(id), me.cookie, body, {
          'idempotency-key': `k-${id}-${method}-x`,
        });
        expect(res.statusCode, `${method} ${url(id)}`).toBe(404);
        expect(problem(res).detail).toBe('Espace introuvable.');
      }
    }
    expect((await accountsOf(t.app, owner.cookie))[1]).toMatchObject({
      name: 'Vacances',
      bookedBalance: 1_000,
    });
    expect((await accountsOf(t.app, me.cookie)).map((x) => x.bookedBalance)).toEqual([10_000]);
    // Its operations are somebody else's too.
    const ops = await call(t.app, 'GET', `/api/accounts/${theirs.id}/transactions`, me.cookie);
    expect(ops.statusCode).toBe(404);
  });
});

describe('an Espace never pays a third party', () => {
  it('a transfer from an Espace is refused in French, before any reservation', async () => {
    const a = await signedIn(t.ctx, t.app, 10_000);
    const space = await createSpaceFor(t.app, a.cookie);
    await moveMoney(t.app, a.cookie, space.id, { amount: 5_000, direction: 'in' });
    const b = await payee(t.ctx, a.customer.id, { name: 'Bailleur SARL', iban: 'DE89370400440532013000' });
    const body = {
      accountId: space.id,
      beneficiaryId: b.id,
      amount: 1_000,
      reference: 'Loyer',
      type: 'instant',
    };
    const sca = await transferToken(t.ctx, a.customer.id, 1_000, b);
    const res = await sendTransfer(t.app, a.cookie, body, { sca });
    expect(res.statusCode).toBe(400);
    expect(problem(res).detail).toBe(
      'Un Espace ne peut pas payer de tiers : déplacez d’abord l’argent vers votre compte principal.',
    );
    const standard = await sendTransfer(t.app, a.cookie, { ...body, type: 'standard' }, { sca });
    expect(standard.statusCode).toBe(400);
    expect(await ledgerRow(space.id)).toMatchObject({ posted_balance: 5_000n, pending_debits: 0n });
    const { rows } = await t.ctx.db.query('select 1 from transfers where account_id = $1', [space.id]);
    expect(rows).toHaveLength(0);
  });

  it('no IBAN: nobody can name an Espace as payee; the card debits the main account', async () => {
    const a = await signedIn(t.ctx, t.app, 10_000);
    const space = await createSpaceFor(t.app, a.cookie);
    expect((await ledgerRow(space.id)).iban).toBeNull();
    const card = await createCardFor(t.app, a.cookie);
    expect(card.accountId).toBe(String(a.account.id));
    const { rows } = await t.ctx.db.query<{ n: number }>(
      `select count(*)::int as n from ledger_accounts
        where customer_id = $1 and kind = 'customer_sub' and iban is not null`,
      [a.customer.id],
    );
    expect(rows[0]!.n).toBe(0);
    // Verification of Payee resolves the holder of the main account's IBAN only.
    const vop = await call(t.app, 'POST', '/api/payee-verification', a.cookie, {
      iban: a.account.iban,
      name: 'Quelqu’un',
    });
    expect(vop.statusCode).toBe(200);
  });
});

describe('closing a customer who has Espaces', () => {
  it('refuses while an Espace holds money; closes the main account with its empty Espaces', async () => {
    const compliance = await operatorSignIn(t, await newOperator(t, 'compliance'));
    const closeCustomer = (customerId: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/backoffice/customers/${customerId}/close`,
        headers: MUTATION,
        cookies: withOperator(compliance),
        payload: {},
      });
    const rich = await signedIn(t.ctx, t.app, 0);
    const holding = await createSpaceFor(t.app, rich.cookie);
    await fund(t.ctx, { id: BigInt(holding.id) }, 700);
    const refused = await closeCustomer(rich.customer.id);
    expect(refused.statusCode).toBe(409);
    expect(problem(refused).detail).toContain('le solde doit être nul');
    expect(await ledgerRow(holding.id)).toMatchObject({ status: 'open', posted_balance: 700n });

    const empty = await signedIn(t.ctx, t.app, 0);
    const a = await createSpaceFor(t.app, empty.cookie, { name: 'Un' });
    const b = await createSpaceFor(t.app, empty.cookie, { name: 'Deux' });
    expect((await closeCustomer(empty.customer.id)).statusCode).toBe(200);
    const accounts = await customerAccounts(t.ctx.db, empty.customer.id);
    expect(accounts.map((x) => [String(x.id), x.status])).toEqual([
      [String(empty.account.id), 'closed'],
      [a.id, 'closed'],
      [b.id, 'closed'],
    ]);
    expect(await verifyLedger(t.ctx.db)).toEqual([]);
  });
});

describe('the back office sees the Espaces', () => {
  it('lists each Espace with its balances, kind sub and no IBAN, closed ones as closed', async () => {
    const support = await operatorSignIn(t, await newOperator(t, 'support'));
    const a = await signedIn(t.ctx, t.app, 10_000);
    const kept = await createSpaceFor(t.app, a.cookie, { name: 'Travaux' });
    const gone = await createSpaceFor(t.app, a.cookie, { name: 'Ancien' });
    await moveMoney(t.app, a.cookie, kept.id, { amount: 4_200, direction: 'in' });
    await call(t.app, 'DELETE', `/api/spaces/${gone.id}`, a.cookie);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/backoffice/customers/${a.customer.id}`,
      cookies: withOperator(support),
    });
    expect(res.statusCode).toBe(200);
    const detail = BackofficeCustomerDetail.parse(res.json());
    expect(detail.accounts.map((x) => [x.kind, x.name, x.iban === null, x.status, x.bookedBalance])).toEqual([
      ['main', expect.any(String), false, 'open', 5_800],
      ['sub', 'Travaux', true, 'open', 4_200],
      ['sub', 'Ancien', true, 'closed', 0],
    ]);
  });
});
