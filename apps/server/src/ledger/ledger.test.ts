import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cents } from '@comptoir/core';
import type { Db } from '../db/types.ts';
import { TestClock } from '../clock.ts';
import { openTestDb } from '../testing/test-context.ts';
import { AppError } from '../errors.ts';
import { fundedAccount, move } from '../testing/ledger-fixtures.ts';
import { isLedgerRefusal, type LedgerRefusalCode } from './errors.ts';
import {
  availableBalance,
  customerAccount,
  glAccount,
  postEntry,
  reserveEntry,
  settleEntry,
  verifyLedger,
  voidEntry,
  type LedgerAccount,
} from './index.ts';

let db: Db;
let clearing: LedgerAccount;

beforeAll(async () => {
  db = await openTestDb();
  clearing = await glAccount(db, 'gl:sepa-clearing');
});
afterAll(() => db.close());

const newAccount = () => db.tx((q) => fundedAccount(q));
const reload = (a: LedgerAccount) => customerAccount(db, a.customerId!, a.id);
const credit = (a: LedgerAccount, amount: number) => db.tx((q) => postEntry(q, move(clearing, a, amount)));
const code = async (p: Promise<unknown>) => {
  try {
    await p;
    return 'ok';
  } catch (e) {
    return e instanceof AppError ? e.code : String(e);
  }
};

describe(`ledger (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('posts a balanced entry with a st- number and balances after', async () => {
    const a = await newAccount();
    const ref = await credit(a, 10_000);
    expect(ref.number).toMatch(/^st-[1-9]\d{7}$/);
    expect(ref.status).toBe('posted');
    const after = await reload(a);
    expect(after.postedBalance).toBe(10_000n);
    const { rows } = await db.query<{ balance_after: bigint }>(
      'select balance_after from ledger_postings where entry_id = $1 and account_id = $2',
      [String(ref.entryId), String(a.id)],
    );
    expect(rows[0]?.balance_after).toBe(10_000n);
  });

  it('refuses unbalanced, single-leg, zero and duplicate-account entries', async () => {
    const a = await newAccount();
    const b = await newAccount();
    await credit(a, 500);
    expect(
      await code(
        db.tx((q) =>
          postEntry(q, {
            kind: 'transfer',
            legs: [
              { accountId: a.id, amount: cents(-1) },
              { accountId: b.id, amount: cents(2) },
            ],
            at: new Date(),
          }),
        ),
      ),
    ).toBe('entry_unbalanced');
    expect(
      await code(
        db.tx((q) =>
          postEntry(q, { kind: 'transfer', legs: [{ accountId: a.id, amount: cents(-1) }], at: new Date() }),
        ),
      ),
    ).toBe('entry_too_few_legs');
    expect(await code(db.tx((q) => postEntry(q, move(a, b, 0))))).toBe('leg_amount_invalid');
    expect(
      await code(
        db.tx((q) =>
          postEntry(q, {
            kind: 'transfer',
            legs: [
              { accountId: a.id, amount: cents(-1) },
              { accountId: a.id, amount: cents(1) },
            ],
            at: new Date(),
          }),
        ),
      ),
    ).toBe('leg_account_repeated');
    expect((await reload(a)).postedBalance).toBe(500n);
  });

  it('never lets a customer account go below its floor, and writes nothing when refused', async () => {
    const a = await newAccount();
    const b = await newAccount();
    await credit(a, 1_000);
    expect(await code(db.tx((q) => postEntry(q, move(a, b, 1_001))))).toBe('insufficient_funds');
    expect(await code(db.tx((q) => postEntry(q, move(a, b, 1_000))))).toBe('ok');
    expect((await reload(a)).postedBalance).toBe(0n);
    expect((await reload(b)).postedBalance).toBe(1_000n);
    const entries = await db.query('select 1 from ledger_postings where account_id = $1', [String(a.id)]);
    expect(entries.rowCount).toBe(2);
  });

  it('the CHECK constraint is the last line of defence', async () => {
    const a = await newAccount();
    await expect(
      db.query('update ledger_accounts set posted_balance = -1 where id = $1', [String(a.id)]),
    ).rejects.toThrow();
  });

  it('reserves, then settles: available drops at once, booked only on settlement', async () => {
    const a = await newAccount();
    const b = await newAccount();
    await credit(a, 5_000);
    const ref = await db.tx((q) => reserveEntry(q, move(a, b, 2_000)));
    expect(ref.status).toBe('pending');
    let ra = await reload(a);
    expect(ra.postedBalance).toBe(5_000n);
    expect(availableBalance(ra)).toBe(3_000n);
    expect((await reload(b)).postedBalance).toBe(0n);
    // The reservation counts against further debits.
    expect(await code(db.tx((q) => postEntry(q, move(a, b, 3_001))))).toBe('insufficient_funds');
    await db.tx((q) => settleEntry(q, ref.entryId, new Date()));
    ra = await reload(a);
    expect(ra.postedBalance).toBe(3_000n);
    expect(ra.pendingDebits).toBe(0n);
    expect((await reload(b)).postedBalance).toBe(2_000n);
    expect(await code(db.tx((q) => settleEntry(q, ref.entryId, new Date())))).toBe('operation_not_pending');
    expect(await code(db.tx((q) => voidEntry(q, ref.entryId, new Date())))).toBe('operation_not_pending');
  });

  it('reserves, then voids: the money is available again and nothing is booked', async () => {
    const a = await newAccount();
    const b = await newAccount();
    await credit(a, 5_000);
    const ref = await db.tx((q) => reserveEntry(q, move(a, b, 4_000)));
    await db.tx((q) => voidEntry(q, ref.entryId, new Date()));
    const ra = await reload(a);
    expect(ra.postedBalance).toBe(5_000n);
    expect(availableBalance(ra)).toBe(5_000n);
    expect((await reload(b)).postedBalance).toBe(0n);
    expect(await code(db.tx((q) => settleEntry(q, ref.entryId, new Date())))).toBe('operation_not_pending');
  });

  it('stamps entries with the application clock, never the database time', async () => {
    const clock = new TestClock(Date.UTC(2031, 0, 15, 9, 30));
    const a = await newAccount();
    const b = await newAccount();
    await credit(a, 5_000);
    const booked = await db.tx((q) => postEntry(q, move(a, b, 100, clock.now())));
    clock.advance(60_000);
    const reserved = await db.tx((q) => reserveEntry(q, move(a, b, 200, clock.now())));
    clock.advance(3_600_000);
    await db.tx((q) => settleEntry(q, reserved.entryId, clock.now()));
    const voided = await db.tx((q) => reserveEntry(q, move(a, b, 300, clock.now())));
    clock.advance(60_000);
    await db.tx((q) => voidEntry(q, voided.entryId, clock.now()));
    const times = async (entryId: bigint) =>
      (
        await db.query<{ created: Date; posted: Date | null; voided: Date | null; legs: Date[] }>(
          `select e.created_at as created, e.posted_at as posted, e.voided_at as voided,
                  array(select p.entry_created_at from ledger_postings p where p.entry_id = e.id) as legs
             from ledger_entries e where e.id = $1`,
          [String(entryId)],
        )
      ).rows[0]!;
    const at = (ms: number) => new Date(Date.UTC(2031, 0, 15, 9, 30) + ms);
    expect(await times(booked.entryId)).toEqual({
      created: at(0),
      posted: at(0),
      voided: null,
      legs: [at(0), at(0)],
    });
    expect(await times(reserved.entryId)).toMatchObject({
      created: at(60_000),
      posted: at(3_660_000),
      voided: null,
    });
    expect(await times(voided.entryId)).toMatchObject({
      created: at(3_660_000),
      posted: null,
      voided: at(3_720_000),
    });
    // Without a time the database refuses rather than stamp its own.
    await expect(
      db.query(
        `select * from ledger_post('posted', $1::bigint[], $2::bigint[], null, 'transfer', null, null, null,
                                   null, null, null, '{}'::jsonb, null)`,
        [
          [String(clearing.id), String(a.id)],
          ['-1', '1'],
        ],
      ),
    ).rejects.toThrow(/application clock/);
  });

  it('names its refusals, each surfacing as its code in the error catalogue', async () => {
    const a = await newAccount();
    const b = await newAccount();
    await credit(a, 100);
    const refusal = async (run: Promise<unknown>): Promise<[LedgerRefusalCode, string] | 'ok'> =>
      run.then(
        () => 'ok' as const,
        (error: unknown) => {
          if (!isLedgerRefusal(error)) throw error;
          return [error.refusal, error.code];
        },
      );
    const at = new Date();
    const unbalanced = {
      kind: 'transfer' as const,
      legs: [...move(a, b, 1).legs.slice(0, 1), ...move(a, b, 2).legs.slice(1)],
      at,
    };
    expect(await refusal(db.tx((q) => postEntry(q, unbalanced)))).toEqual([
      'unbalanced_entry',
      'entry_unbalanced',
    ]);
    expect(await refusal(db.tx((q) => postEntry(q, move(a, b, 101))))).toEqual([
      'insufficient_funds',
      'insufficient_funds',
    ]);
    const ref = await db.tx((q) => reserveEntry(q, move(a, b, 10)));
    await db.tx((q) => voidEntry(q, ref.entryId, at));
    expect(await refusal(db.tx((q) => settleEntry(q, ref.entryId, at)))).toEqual([
      'reservation_already_finished',
      'operation_not_pending',
    ]);
    expect(await refusal(db.tx((q) => voidEntry(q, 0n, at)))).toEqual([
      'entry_not_found',
      'operation_not_found',
    ]);
  });

  it('refuses to move money on a closed account', async () => {
    const a = await newAccount();
    const b = await newAccount();
    await credit(a, 100);
    await db.query(`update ledger_accounts set status = 'closed' where id = $1`, [String(b.id)]);
    expect(await code(db.tx((q) => postEntry(q, move(a, b, 50))))).toBe('account_not_open');
  });

  it('never deletes history', async () => {
    const a = await newAccount();
    const ref = await credit(a, 100);
    await expect(
      db.query('delete from ledger_postings where entry_id = $1', [String(ref.entryId)]),
    ).rejects.toThrow();
    await expect(
      db.query('delete from ledger_entries where id = $1', [String(ref.entryId)]),
    ).rejects.toThrow();
  });

  it('a failure inside the transaction leaves no trace', async () => {
    const a = await newAccount();
    const b = await newAccount();
    await credit(a, 1_000);
    await expect(
      db.tx(async (q) => {
        await postEntry(q, move(a, b, 600));
        throw new Error('boom after posting');
      }),
    ).rejects.toThrow('boom');
    expect((await reload(a)).postedBalance).toBe(1_000n);
    expect((await reload(b)).postedBalance).toBe(0n);
  });

  it('verifyLedger finds nothing on sound books and reports a tampered balance', async () => {
    expect(await verifyLedger(db)).toEqual([]);
    const a = await newAccount();
    await credit(a, 300);
    // Tamper inside a transaction that is rolled back, so other tests keep sound books.
    await expect(
      db.tx(async (q) => {
        await q.query('update ledger_accounts set posted_balance = posted_balance + 1 where id = $1', [
          String(a.id),
        ]);
        const v = await verifyLedger(q);
        expect(v.map((x) => x.rule).sort()).toEqual(['cached_balances', 'zero_sum']);
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await verifyLedger(db)).toEqual([]);
  });
});
