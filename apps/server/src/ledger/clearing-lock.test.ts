import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, Queryable } from '../db/types.ts';
import { openTestDb, uniqueEmail } from '../testing/test-context.ts';
import { fundedAccount, move } from '../testing/ledger-fixtures.ts';
import {
  glAccount,
  ledgerBalance,
  postEntry,
  reserveEntry,
  verifyLedger,
  type LedgerAccount,
} from './index.ts';

// Every payment of the bank touches a clearing account. Holding one payment's transaction open must
// not stop another payment through the same clearing account (PostgreSQL: real row locks).
const onPostgres = Boolean(process.env.DATABASE_URL);

describe.skipIf(!onPostgres)('clearing accounts take no lock (PostgreSQL)', () => {
  let db: Db;
  let clearing: LedgerAccount;
  const customers: LedgerAccount[] = [];

  beforeAll(async () => {
    db = await openTestDb(4);
    clearing = await glAccount(db, 'gl:instant-clearing');
    for (let i = 0; i < 2; i++)
      customers.push(await db.tx((q) => fundedAccount(q, 10_000, uniqueEmail('clr'))));
  });
  afterAll(() => db.close());

  it('a payment through a clearing account completes while another one through it is uncommitted', async () => {
    const [a, b] = customers as [LedgerAccount, LedgerAccount];
    const before = await ledgerBalance(db, clearing.id);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let firstPosted!: () => void;
    const posted = new Promise<void>((resolve) => (firstPosted = resolve));
    const first = db.tx(async (q: Queryable) => {
      await postEntry(q, move(a, clearing, 100));
      firstPosted();
      await held; // the transaction stays open, its locks held
    });
    await posted;
    const second = db.tx((q) => reserveEntry(q, move(b, clearing, 200)));
    const outcome = await Promise.race([
      second.then(() => 'done' as const),
      new Promise<'blocked'>((resolve) => setTimeout(() => resolve('blocked'), 3_000)),
    ]);
    release();
    await first;
    await second;
    expect(outcome).toBe('done');
    // The clearing account's balance is the sum of its posted postings; the pending one is not in it.
    expect(await ledgerBalance(db, clearing.id)).toBe(before + 100n);
    expect(await verifyLedger(db)).toEqual([]);
  });
});
