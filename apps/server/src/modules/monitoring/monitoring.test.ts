import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cents } from '@comptoir/core';
import { systemClock } from '../../clock.ts';
import { migrate } from '../../db/migrate.ts';
import { openPostgres } from '../../db/postgres.ts';
import type { Db, Queryable } from '../../db/types.ts';
import {
  glAccount,
  indexAllQueuedEntries,
  openCustomerAccount,
  postEntry,
  reserveEntry,
  voidEntry,
  type LedgerAccount,
} from '../../ledger/index.ts';
import { createCustomer } from '../customers/index.ts';
import { createScratchDatabase } from '../../testing/scratch-database.ts';
import { openTestDb } from '../../testing/test-context.ts';
import { uniqueEmail } from '../../testing/test-basics.ts';
import { move } from '../../testing/ledger-fixtures.ts';
import { monitorAllMovements, monitorMovements } from './monitor-service.ts';

// Transaction monitoring (docs/monitoring.md): every movement on a customer's account is evaluated
// after its commit, once, from the ledger's feed; a hit lands in the customer's one open case.

const DAY = 24 * 60 * 60 * 1000;

/** The transaction as an instance killed right after its COMMIT leaves it: nothing ran after it. */
const killedAfterCommit = (q: Queryable): Queryable => ({ query: q.query.bind(q) });

/** A customer whose account was opened `daysAgo` days ago, funded then with `euros`. */
async function customerAccount(db: Db, daysAgo: number, euros: number): Promise<LedgerAccount> {
  const openedAt = new Date(Date.now() - daysAgo * DAY);
  return db.tx(async (q) => {
    const customer = await createCustomer(q, {
      email: uniqueEmail('monitoring'),
      password: 'x'.repeat(12),
      status: 'active',
    });
    const account = await openCustomerAccount(q, {
      customerId: customer.id,
      kind: 'customer_main',
      name: 'Compte principal',
      iban: null,
      openedAt,
    });
    await postEntry(q, move(await glAccount(q, 'gl:sepa-clearing'), account, euros * 100, openedAt));
    return account;
  });
}

/** The hits on the customer's cases: case, status, rule, the entry it came with and the entries behind it. */
async function hitsOf(db: Queryable, account: LedgerAccount) {
  const { rows } = await db.query<{
    case_id: string;
    status: string;
    rule: string;
    entry_id: string;
    entry_ids: string[];
  }>(
    `select h.case_id, c.status, h.rule, h.entry_id::text, h.entry_ids::text[] as entry_ids
       from monitoring_hits h join monitoring_cases c on c.id = h.case_id
      where h.customer_id = $1 order by h.id`,
    [account.customerId],
  );
  return rows;
}

const feedSize = async (db: Queryable): Promise<number> =>
  (await db.query<{ n: number }>('select count(*)::int as n from ledger_movements_unmonitored')).rows[0]?.n ??
  -1;

describe(`transaction monitoring (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let db: Db;
  let clearing: LedgerAccount;
  const ctx = () => ({ db, clock: systemClock });

  beforeAll(async () => {
    db = await openTestDb();
    clearing = await glAccount(db, 'gl:sepa-clearing');
    await monitorAllMovements(ctx());
  });
  afterAll(() => db.close());

  it('evaluates each movement once, after its commit: the 11th transfer in an hour opens a case', async () => {
    const account = await customerAccount(db, 10, 1_000);
    const transfers: string[] = [];
    for (let i = 0; i < 11; i++) {
      const ref = await db.tx((q) => postEntry(q, move(account, clearing, 1_000 + i)));
      transfers.push(String(ref.entryId));
    }
    // Queued by the statement after each commit; nothing is evaluated inside the money commit.
    expect(await feedSize(db)).toBeGreaterThanOrEqual(12);
    expect(await hitsOf(db, account)).toEqual([]);

    await monitorAllMovements(ctx());
    const hits = await hitsOf(db, account);
    expect(hits.map((h) => [h.rule, h.status, h.entry_id])).toEqual([['velocity', 'open', transfers[10]]]);
    expect(hits[0]?.entry_ids).toEqual(transfers);
    expect(await feedSize(db)).toBe(0);

    await monitorAllMovements(ctx());
    expect(await hitsOf(db, account)).toHaveLength(1);
  });

  it('gathers a customer’s later hits in their open case; another customer gets a case of their own', async () => {
    const account = await customerAccount(db, 10, 1_000);
    for (let i = 0; i < 11; i++) await db.tx((q) => postEntry(q, move(account, clearing, 100)));
    await monitorAllMovements(ctx());
    // Five distinct payers into the account within a day.
    for (let i = 0; i < 5; i++)
      await db.tx((q) =>
        postEntry(q, {
          ...move(clearing, account, 2_000),
          counterpartyName: `Payeur ${i}`,
          counterpartyIban:
            [
              'FR1420041010050500013M02606',
              'DE89370400440532013000',
              'BE68539007547034',
              'NL91ABNA0417164300',
              'IT60X0542811101000000123456',
            ][i] ?? null,
        }),
      );
    await monitorAllMovements(ctx());
    const hits = await hitsOf(db, account);
    expect(hits.map((h) => h.rule)).toEqual(['velocity', 'convergence']);
    expect(new Set(hits.map((h) => h.case_id)).size).toBe(1);

    const other = await customerAccount(db, 10, 1_000);
    for (let i = 0; i < 11; i++) await db.tx((q) => postEntry(q, move(other, clearing, 100)));
    await monitorAllMovements(ctx());
    const theirs = await hitsOf(db, other);
    expect(theirs).toHaveLength(1);
    expect(theirs[0]?.case_id).not.toBe(hits[0]?.case_id);
  });

  it('loses nothing when the instance dies after the commit: the next passes index, then evaluate it, once', async () => {
    const account = await customerAccount(db, 120, 10_000);
    await monitorAllMovements(ctx());
    const ref = await db.tx((q) => postEntry(killedAfterCommit(q), move(account, clearing, 500_000)));
    await monitorAllMovements(ctx());
    expect(await hitsOf(db, account)).toEqual([]);
    // The search index's pass takes what the killed instance left, and hands it to the monitoring.
    await indexAllQueuedEntries(db);
    await monitorAllMovements(ctx());
    await monitorAllMovements(ctx());
    expect((await hitsOf(db, account)).map((h) => [h.rule, h.entry_id])).toEqual([
      ['dormant_account', String(ref.entryId)],
    ]);
  });

  it('drops a reservation voided before its turn, and watches no move between a customer’s own accounts', async () => {
    const account = await customerAccount(db, 120, 10_000);
    const space = await db.tx((q) =>
      openCustomerAccount(q, {
        customerId: account.customerId ?? '',
        kind: 'customer_sub',
        name: 'Vacances',
        iban: null,
        openedAt: new Date(Date.now() - 120 * DAY),
      }),
    );
    await monitorAllMovements(ctx());
    await db.tx(async (q) => {
      const held = await reserveEntry(q, move(account, clearing, 400_000));
      await voidEntry(q, held.entryId, new Date());
    });
    await db.tx((q) => postEntry(q, { ...move(account, space, 400_000), kind: 'internal' }));
    expect(await monitorMovements(ctx())).toBeGreaterThanOrEqual(1);
    expect(await hitsOf(db, account)).toEqual([]);
    expect(await feedSize(db)).toBe(0);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('two instances monitoring at once (PostgreSQL)', () => {
  let first: Db;
  let second: Db;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const scratch = await createScratchDatabase(process.env.DATABASE_URL ?? '');
    drop = () => scratch.drop();
    first = await openPostgres(scratch.url, 4);
    await migrate(first);
    second = await openPostgres(scratch.url, 4);
  }, 60_000);
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await drop?.();
  });

  it('evaluate each of 360 movements exactly once: 30 customers, 30 velocity hits', async () => {
    const clearing = await glAccount(first, 'gl:sepa-clearing');
    const accounts: LedgerAccount[] = [];
    for (let c = 0; c < 30; c++) accounts.push(await customerAccount(first, 10, 1_000));
    for (let i = 0; i < 11; i++)
      await first.tx(async (q) => {
        for (const account of accounts) await postEntry(q, move(account, clearing, cents(100 + i)));
      });
    expect(await feedSize(first)).toBe(360);

    const drain = async (db: Db) => {
      let total = 0;
      for (;;) {
        const n = await monitorMovements({ db, clock: systemClock }, 25);
        if (n === 0) return total;
        total += n;
      }
    };
    const taken = await Promise.all([drain(first), drain(second), drain(first), drain(second)]);
    expect(taken.reduce((a, b) => a + b, 0)).toBe(360);
    const { rows } = await first.query<{ hits: number; customers: number; cases: number; feed: number }>(
      `select count(*)::int as hits, count(distinct customer_id)::int as customers,
              (select count(*)::int from monitoring_cases) as cases,
              (select count(*)::int from ledger_movements_unmonitored) as feed
         from monitoring_hits where rule = 'velocity'`,
    );
    expect(rows[0]).toEqual({ hits: 30, customers: 30, cases: 30, feed: 0 });
  }, 120_000);
});
