import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../db/migrate.ts';
import { openPostgres } from '../db/postgres.ts';
import type { Db, Queryable } from '../db/types.ts';
import { createScratchDatabase } from '../testing/scratch-database.ts';
import { openTestDb } from '../testing/test-context.ts';
import { fundedAccount, move } from '../testing/ledger-fixtures.ts';
import { glAccount, postEntry, type LedgerAccount } from './index.ts';
import { indexAllQueuedEntries, indexQueuedEntries } from './search-index.ts';

// The operations search's text is written after the money commit, from a queue the commit fills
// (migration 0061, docs/events.md#the-search-index).

/** Where an entry stands: still queued, and how many search rows it has. */
async function state(q: Queryable, entryId: bigint): Promise<{ queued: number; indexed: number }> {
  const { rows } = await q.query<{ queued: number; indexed: number }>(
    `select (select count(*)::int from ledger_entries_unindexed where entry_id = $1) as queued,
            (select count(*)::int from ledger_entry_search where entry_id = $1) as indexed`,
    [String(entryId)],
  );
  return rows[0] ?? { queued: -1, indexed: -1 };
}

/** The transaction as an instance killed right after its COMMIT leaves it: nothing ran after it. */
const killedAfterCommit = (q: Queryable): Queryable => ({ query: q.query.bind(q) });

describe(`the operations search's index (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let db: Db;
  let clearing: LedgerAccount;
  let account: LedgerAccount;

  beforeAll(async () => {
    db = await openTestDb();
    clearing = await glAccount(db, 'gl:sepa-clearing');
    account = await db.tx((q) => fundedAccount(q));
  });
  afterAll(() => db.close());

  it('is no part of the money commit: the posting queues its entry, indexed once the transaction has committed', async () => {
    let inside = { queued: -1, indexed: -1 };
    const ref = await db.tx(async (q) => {
      const posted = await postEntry(q, {
        ...move(clearing, account, 1_234),
        counterpartyName: 'Boulangerie Dupré',
        reference: 'Facture Œuvre 42',
      });
      inside = await state(q, posted.entryId);
      return posted;
    });
    expect(inside).toEqual({ queued: 1, indexed: 0 });
    expect(await state(db, ref.entryId)).toEqual({ queued: 0, indexed: 1 });
    const { rows } = await db.query<{ search_text: string }>(
      'select search_text from ledger_entry_search where entry_id = $1',
      [String(ref.entryId)],
    );
    expect(rows[0]?.search_text).toBe(`boulangerie dupre  facture oeuvre 42  ${ref.number}`);
  });

  it('loses nothing when the instance dies between the commit and the indexing: the next pass indexes it, once', async () => {
    const ref = await db.tx((q) =>
      postEntry(killedAfterCommit(q), { ...move(clearing, account, 500), counterpartyName: 'Jean Payeur' }),
    );
    expect(await state(db, ref.entryId)).toEqual({ queued: 1, indexed: 0 });
    await indexAllQueuedEntries(db);
    expect(await state(db, ref.entryId)).toEqual({ queued: 0, indexed: 1 });
    await indexAllQueuedEntries(db);
    expect(await state(db, ref.entryId)).toEqual({ queued: 0, indexed: 1 });
  });

  it('queues nothing for a refused posting', async () => {
    const before = await db.query<{ n: number }>('select count(*)::int as n from ledger_entries_unindexed');
    await expect(
      db.tx((q) => postEntry(killedAfterCommit(q), move(account, clearing, 1_000_000_000))),
    ).rejects.toThrow();
    const after = await db.query<{ n: number }>('select count(*)::int as n from ledger_entries_unindexed');
    expect(after.rows[0]?.n).toBe(before.rows[0]?.n);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('two instances indexing at once (PostgreSQL)', () => {
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

  it('index each of 1,200 queued entries exactly once', async () => {
    const clearing = await glAccount(first, 'gl:sepa-clearing');
    const account = await first.tx((q) => fundedAccount(q));
    for (let batch = 0; batch < 12; batch++)
      await first.tx(async (q) => {
        for (let i = 0; i < 100; i++)
          await postEntry(killedAfterCommit(q), {
            ...move(clearing, account, 1 + batch * 100 + i),
            counterpartyName: `Payeur ${batch * 100 + i}`,
          });
      });
    const queued = await first.query<{ n: number }>(
      'select count(*)::int as n from ledger_entries_unindexed',
    );
    expect(queued.rows[0]?.n).toBe(1_200);

    const drain = async (db: Db) => {
      let total = 0;
      for (let n = await indexQueuedEntries(db, 40); n > 0; n = await indexQueuedEntries(db, 40)) total += n;
      return total;
    };
    const [a, b, c, d] = await Promise.all([drain(first), drain(second), drain(first), drain(second)]);
    expect(a + b + c + d).toBe(1_200);

    const { rows } = await first.query<{ queued: number; indexed: number; distinct_texts: number }>(
      `select (select count(*)::int from ledger_entries_unindexed) as queued,
              (select count(*)::int from ledger_entry_search) as indexed,
              (select count(distinct search_text)::int from ledger_entry_search) as distinct_texts`,
    );
    expect(rows[0]).toEqual({ queued: 0, indexed: 1_200, distinct_texts: 1_200 });
  }, 120_000);
});
