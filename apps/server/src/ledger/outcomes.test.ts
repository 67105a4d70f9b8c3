import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FUNCTIONS_DIR, migrate, splitStatements } from '../db/migrate.ts';
import { openPglite } from '../db/pglite.ts';
import { openPostgres } from '../db/postgres.ts';
import type { Db, Queryable } from '../db/types.ts';
import { createScratchDatabase } from '../testing/scratch-database.ts';
import { openTestDb } from '../testing/test-context.ts';
import { AppError } from '../errors.ts';
import { fundedAccount, move } from '../testing/ledger-fixtures.ts';
import {
  customerAccount,
  glAccount,
  postEntry,
  reserveEntry,
  settleEntry,
  verifyLedger,
  voidEntry,
  type EntryRef,
  type LedgerAccount,
} from './index.ts';

let db: Db;
let clearing: LedgerAccount;

beforeAll(async () => {
  db = await openTestDb();
  clearing = await glAccount(db, 'gl:sepa-clearing');
});
afterAll(() => db.close());

const madeAt = new Date('2026-03-02T09:00:00.000Z');
const finishedAt = new Date('2026-03-03T14:30:00.000Z');

interface OutcomeRow {
  id: bigint;
  entry_id: bigint;
  outcome: string;
  at: Date;
}
const outcomesOf = async (ref: EntryRef, q: Queryable = db) =>
  (
    await q.query<OutcomeRow>(
      'select id, entry_id, outcome, at from ledger_entry_outcomes where entry_id = $1 order by id',
      [String(ref.entryId)],
    )
  ).rows;
const entryOf = async (ref: EntryRef) =>
  (
    await db.query<{ status: string; posted_at: Date | null; voided_at: Date | null }>(
      'select status, posted_at, voided_at from ledger_entries where id = $1',
      [String(ref.entryId)],
    )
  ).rows[0];
const postingsOf = async (ref: EntryRef) =>
  (
    await db.query<{ account_id: bigint; balance_after: bigint | null; entry_posted_at: Date | null }>(
      'select account_id, balance_after, entry_posted_at from ledger_postings where entry_id = $1 order by id',
      [String(ref.entryId)],
    )
  ).rows;
const code = async (p: Promise<unknown>) => {
  try {
    await p;
    return 'ok';
  } catch (e) {
    return e instanceof AppError ? e.code : String(e);
  }
};

/** A customer account holding 10,000 cents and a reservation of 2,500 from it, made at `madeAt`. */
async function reservation(): Promise<{ account: LedgerAccount; ref: EntryRef }> {
  const account = await db.tx((q) => fundedAccount(q));
  await db.tx((q) => postEntry(q, move(clearing, account, 10_000, madeAt)));
  const ref = await db.tx((q) => reserveEntry(q, move(account, clearing, 2_500, madeAt)));
  return { account, ref };
}

class Rollback extends Error {}
/** Runs `fn` in a transaction that is always rolled back: tampering never leaks to other tests. */
async function inRolledBackTx<T>(fn: (q: Queryable) => Promise<T>): Promise<T> {
  let result: T | undefined;
  await db
    .tx(async (q) => {
      result = await fn(q);
      throw new Rollback();
    })
    .catch((e: unknown) => {
      if (!(e instanceof Rollback)) throw e;
    });
  return result as T;
}

describe(`a reservation's outcome is a fact of its own (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('settling records one outcome linked to the reservation, at the clock time given', async () => {
    const { account, ref } = await reservation();
    expect(await outcomesOf(ref)).toEqual([]);

    await db.tx((q) => settleEntry(q, ref.entryId, finishedAt));

    const outcomes = await outcomesOf(ref);
    expect(outcomes).toEqual([
      { id: expect.any(BigInt) as bigint, entry_id: ref.entryId, outcome: 'posted', at: finishedAt },
    ]);
    // The entry and its postings are caches of that fact.
    expect(await entryOf(ref)).toEqual({ status: 'posted', posted_at: finishedAt, voided_at: null });
    const postings = await postingsOf(ref);
    expect(postings.map((p) => p.entry_posted_at)).toEqual([finishedAt, finishedAt]);
    expect(postings.find((p) => p.account_id === account.id)?.balance_after).toBe(7_500n);
  });

  it('voiding records one outcome "voided" at the clock time given; nothing is booked', async () => {
    const { ref } = await reservation();
    await db.tx((q) => voidEntry(q, ref.entryId, finishedAt));

    expect((await outcomesOf(ref)).map((o) => [o.outcome, o.at])).toEqual([['voided', finishedAt]]);
    expect(await entryOf(ref)).toEqual({ status: 'voided', posted_at: null, voided_at: finishedAt });
    expect((await postingsOf(ref)).map((p) => [p.balance_after, p.entry_posted_at])).toEqual([
      [null, null],
      [null, null],
    ]);
  });

  it('an entry posted directly has no outcome: it was never pending', async () => {
    const account = await db.tx((q) => fundedAccount(q));
    const ref = await db.tx((q) => postEntry(q, move(clearing, account, 1_000, madeAt)));
    expect(await outcomesOf(ref)).toEqual([]);
  });

  it('a second settle or void is refused and writes nothing', async () => {
    const { account, ref } = await reservation();
    await db.tx((q) => settleEntry(q, ref.entryId, finishedAt));
    const before = await customerAccount(db, account.customerId!, account.id);
    const later = new Date(finishedAt.getTime() + 3_600_000);

    expect(await code(db.tx((q) => settleEntry(q, ref.entryId, later)))).toBe('operation_not_pending');
    expect(await code(db.tx((q) => voidEntry(q, ref.entryId, later)))).toBe('operation_not_pending');

    expect((await outcomesOf(ref)).map((o) => [o.outcome, o.at])).toEqual([['posted', finishedAt]]);
    expect(await entryOf(ref)).toEqual({ status: 'posted', posted_at: finishedAt, voided_at: null });
    expect(await customerAccount(db, account.customerId!, account.id)).toEqual(before);
  });

  it('the database refuses a second outcome for the same reservation', async () => {
    const { ref } = await reservation();
    await db.tx((q) => voidEntry(q, ref.entryId, finishedAt));
    await expect(
      db.query(`insert into ledger_entry_outcomes (entry_id, outcome, at) values ($1, 'posted', $2)`, [
        String(ref.entryId),
        finishedAt,
      ]),
    ).rejects.toThrow(/unique|duplicate/);
  });
});

describe(`an entry once written is never rewritten (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  const refused = /never rewritten|finished once|recorded outcome|booked only/;

  it("refuses changing a posted entry's number, kind, counterparty, reference or dates", async () => {
    const account = await db.tx((q) => fundedAccount(q));
    const ref = await db.tx((q) => postEntry(q, move(clearing, account, 1_000, madeAt)));
    const id = String(ref.entryId);
    for (const change of [
      `number = 'st-12345678'`,
      `kind = 'adjustment'`,
      `counterparty_name = 'Quelqu''un d''autre'`,
      `counterparty_iban = 'FR7630006000011234567890189'`,
      `reference = 'autre'`,
      `description = 'autre'`,
      `metadata = '{"x": 1}'`,
      `created_at = created_at - interval '1 day'`,
      `posted_at = posted_at + interval '1 day'`,
      `status = 'voided', posted_at = null, voided_at = posted_at`,
      `status = status`,
    ]) {
      await expect(db.query(`update ledger_entries set ${change} where id = $1`, [id])).rejects.toThrow(
        refused,
      );
    }
  });

  it('keeps a value date as ledger_post wrote it; none later than the entry’s day is written', async () => {
    const account = await db.tx((q) => fundedAccount(q));
    const ref = await db.tx((q) =>
      postEntry(q, { ...move(clearing, account, 1_000, madeAt), valueDate: '2026-01-02' }),
    );
    const plain = await db.tx((q) => postEntry(q, move(clearing, account, 1_000, madeAt)));
    const valueDate = async (id: bigint) =>
      (
        await db.query<{ value_date: string | null }>(
          'select value_date::text as value_date from ledger_entries where id = $1',
          [String(id)],
        )
      ).rows[0]?.value_date;
    expect(await valueDate(ref.entryId)).toBe('2026-01-02');
    expect(await valueDate(plain.entryId)).toBeNull();
    for (const [id, change] of [
      [ref.entryId, `value_date = '2026-01-01'`],
      [ref.entryId, 'value_date = null'],
      [plain.entryId, `value_date = '2026-01-01'`],
    ] as const) {
      await expect(
        db.query(`update ledger_entries set ${change} where id = $1`, [String(id)]),
      ).rejects.toThrow(refused);
    }
    const future = new Date(madeAt.getTime() + 2 * 24 * 3600 * 1000).toISOString().slice(0, 10);
    for (const bad of [future, '2026-02-30', 'hier']) {
      await expect(
        db.tx((q) => postEntry(q, { ...move(clearing, account, 1_000, madeAt), valueDate: bad })),
      ).rejects.toThrow(/value date/);
    }
    expect(await verifyLedger(db)).toEqual([]);
  });

  it("refuses changing a posting's amount, account or balance after", async () => {
    const account = await db.tx((q) => fundedAccount(q));
    const ref = await db.tx((q) => postEntry(q, move(clearing, account, 1_000, madeAt)));
    const id = String(ref.entryId);
    for (const change of [
      'amount = -amount',
      'amount = amount + 1',
      `account_id = ${clearing.id}`,
      'balance_after = balance_after + 1',
      'balance_after = null',
      `entry_created_at = entry_created_at + interval '1 day'`,
      `entry_posted_at = entry_posted_at + interval '1 day'`,
    ]) {
      await expect(
        db.query(`update ledger_postings set ${change} where entry_id = $1`, [id]),
      ).rejects.toThrow(refused);
    }
  });

  it('refuses finishing a reservation by an UPDATE without its recorded outcome', async () => {
    const { ref } = await reservation();
    const id = String(ref.entryId);
    await expect(
      db.query(`update ledger_entries set status = 'posted', posted_at = $2 where id = $1`, [id, finishedAt]),
    ).rejects.toThrow(refused);
    await expect(
      db.query(`update ledger_postings set entry_posted_at = $2 where entry_id = $1`, [id, finishedAt]),
    ).rejects.toThrow(refused);
    await expect(
      db.query('update ledger_postings set balance_after = 0 where entry_id = $1', [id]),
    ).rejects.toThrow(refused);
    expect(await entryOf(ref)).toEqual({ status: 'pending', posted_at: null, voided_at: null });
  });

  it('refuses moving a finished entry back to pending, or to the other outcome', async () => {
    const { ref } = await reservation();
    await db.tx((q) => voidEntry(q, ref.entryId, finishedAt));
    const id = String(ref.entryId);
    await expect(
      db.query(`update ledger_entries set status = 'pending', voided_at = null where id = $1`, [id]),
    ).rejects.toThrow(refused);
    await expect(
      db.query(
        `update ledger_entries set status = 'posted', voided_at = null, posted_at = $2 where id = $1`,
        [id, finishedAt],
      ),
    ).rejects.toThrow(refused);
  });

  it('refuses changing or deleting an outcome', async () => {
    const { ref } = await reservation();
    await db.tx((q) => settleEntry(q, ref.entryId, finishedAt));
    const id = String(ref.entryId);
    await expect(
      db.query(`update ledger_entry_outcomes set outcome = 'voided' where entry_id = $1`, [id]),
    ).rejects.toThrow(/never changed/);
    await expect(
      db.query(`update ledger_entry_outcomes set at = at + interval '1 hour' where entry_id = $1`, [id]),
    ).rejects.toThrow(/never changed/);
    await expect(db.query('delete from ledger_entry_outcomes where entry_id = $1', [id])).rejects.toThrow(
      /never changed/,
    );
    await expect(inRolledBackTx((q) => q.query('truncate ledger_entry_outcomes'))).rejects.toThrow(
      /never changed/,
    );
    expect((await outcomesOf(ref)).map((o) => [o.outcome, o.at])).toEqual([['posted', finishedAt]]);
  });

  it('still refuses deleting entries and postings', async () => {
    const { ref } = await reservation();
    const id = String(ref.entryId);
    await expect(db.query('delete from ledger_postings where entry_id = $1', [id])).rejects.toThrow(
      /never deleted/,
    );
    await expect(db.query('delete from ledger_entries where id = $1', [id])).rejects.toThrow(/never deleted/);
  });
});

describe(`verifyLedger checks the caches against the facts (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  /** The violations of `rule` that name this entry (other files share the PostgreSQL database). */
  const violationsOf = async (q: Queryable, rule: string, ref: EntryRef) =>
    (await verifyLedger(q)).filter(
      (v) =>
        v.rule === rule &&
        (v.detail.includes(`"number":"${ref.number}"`) || v.detail.includes(`"entry_id":"${ref.entryId}"`)),
    );
  /** Triggers off for this transaction only (it is rolled back): the way to forge what the ledger refuses. */
  const bypassTriggers = (q: Queryable) => q.query('set local session_replication_role = replica');

  it('finds nothing to report on reservations settled and voided through the ledger', async () => {
    const settled = await reservation();
    const voided = await reservation();
    await db.tx((q) => settleEntry(q, settled.ref.entryId, finishedAt));
    await db.tx((q) => voidEntry(q, voided.ref.entryId, finishedAt));
    for (const ref of [settled.ref, voided.ref]) {
      expect(await violationsOf(db, 'entry_outcome', ref)).toEqual([]);
      expect(await violationsOf(db, 'posting_dates', ref)).toEqual([]);
    }
  });

  it("reports an entry whose booking date disagrees with its outcome's time", async () => {
    const { ref } = await reservation();
    await db.tx((q) => settleEntry(q, ref.entryId, finishedAt));
    const found = await inRolledBackTx(async (q) => {
      await bypassTriggers(q);
      await q.query(`update ledger_entries set posted_at = posted_at + interval '1 hour' where id = $1`, [
        String(ref.entryId),
      ]);
      return violationsOf(q, 'entry_outcome', ref);
    });
    expect(found).toHaveLength(1);
  });

  it('reports a voided entry whose outcome is missing', async () => {
    const { ref } = await reservation();
    await db.tx((q) => voidEntry(q, ref.entryId, finishedAt));
    const found = await inRolledBackTx(async (q) => {
      await bypassTriggers(q);
      await q.query('delete from ledger_entry_outcomes where entry_id = $1', [String(ref.entryId)]);
      return violationsOf(q, 'entry_outcome', ref);
    });
    expect(found).toHaveLength(1);
  });

  it('reports a pending entry that has an outcome', async () => {
    const { ref } = await reservation();
    const found = await inRolledBackTx(async (q) => {
      await q.query(`insert into ledger_entry_outcomes (entry_id, outcome, at) values ($1, 'voided', $2)`, [
        String(ref.entryId),
        finishedAt,
      ]);
      return violationsOf(q, 'entry_outcome', ref);
    });
    expect(found).toHaveLength(1);
  });

  it("reports a posting whose booking date disagrees with its entry's", async () => {
    const { ref } = await reservation();
    await db.tx((q) => settleEntry(q, ref.entryId, finishedAt));
    const found = await inRolledBackTx(async (q) => {
      await bypassTriggers(q);
      await q.query(`update ledger_postings set entry_posted_at = null where entry_id = $1`, [
        String(ref.entryId),
      ]);
      return violationsOf(q, 'posting_dates', ref);
    });
    expect(found).toHaveLength(2);
  });
});

describe(`an existing database gets the outcomes of its finished reservations (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  const migrationsDir = fileURLToPath(new URL('../db/migrations/', import.meta.url));
  const functionsThen = fileURLToPath(new URL('./__tests__/', import.meta.url));
  let old: Db;
  let drop = async () => {};

  beforeAll(async () => {
    const url = process.env.DATABASE_URL;
    if (url) {
      const scratch = await createScratchDatabase(url);
      old = await openPostgres(scratch.url, 2);
      drop = () => scratch.drop();
    } else {
      old = await openPglite(undefined);
    }
    // The schema as it was before the outcomes: every migration up to 0035, recorded as applied,
    // and the functions such a database held: the ledger's two as they were then, and the triggers
    // of 0001 and 0022, unchanged since.
    await old.tx(async (q) => {
      await q.query(
        'create table schema_migrations (name text primary key, applied_at timestamptz not null default now())',
      );
      for (const file of readdirSync(migrationsDir)
        .filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f))
        .sort()) {
        if (file >= '0036') break;
        for (const statement of splitStatements(readFileSync(join(migrationsDir, file), 'utf8')))
          await q.query(statement);
        await q.query('insert into schema_migrations (name) values ($1)', [file]);
      }
      const then = [
        join(functionsThen, 'ledger-functions-at-0035.sql'),
        ...['audit_log_refuse_change', 'ledger_refuse_delete', 'ledger_entries_posted_at'].map((name) =>
          join(FUNCTIONS_DIR, `${name}.sql`),
        ),
      ];
      for (const file of then) {
        for (const statement of splitStatements(readFileSync(file, 'utf8'))) await q.query(statement);
      }
    });
  });
  afterAll(async () => {
    await old.close();
    await drop();
  });

  it('one outcome for each voided entry and each reservation settled later; none for the others', async () => {
    const sepa = await glAccount(old, 'gl:sepa-clearing');
    const account = await old.tx((q) => fundedAccount(q));
    const direct = await old.tx((q) => postEntry(q, move(sepa, account, 10_000, madeAt)));
    const settled = await old.tx((q) => reserveEntry(q, move(account, sepa, 1_000, madeAt)));
    const voided = await old.tx((q) => reserveEntry(q, move(account, sepa, 2_000, madeAt)));
    const pending = await old.tx((q) => reserveEntry(q, move(account, sepa, 3_000, madeAt)));
    await old.tx((q) => settleEntry(q, settled.entryId, finishedAt));
    await old.tx((q) => voidEntry(q, voided.entryId, finishedAt));

    expect((await migrate(old)).migrations[0]).toBe('0036_ledger_outcomes.sql');

    const outcomes = async (ref: EntryRef) => (await outcomesOf(ref, old)).map((o) => [o.outcome, o.at]);
    expect(await outcomes(settled)).toEqual([['posted', finishedAt]]);
    expect(await outcomes(voided)).toEqual([['voided', finishedAt]]);
    expect(await outcomes(direct)).toEqual([]);
    expect(await outcomes(pending)).toEqual([]);
    expect(await verifyLedger(old)).toEqual([]);

    // From now on the pending one is finished through its fact like any other.
    await old.tx((q) => settleEntry(q, pending.entryId, finishedAt));
    expect(await outcomes(pending)).toEqual([['posted', finishedAt]]);
    expect(await verifyLedger(old)).toEqual([]);
  });
});
