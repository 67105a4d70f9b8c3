import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, Queryable } from '../db/types.ts';
import { openTestDb } from '../testing/test-context.ts';
import { fundedAccount, move } from '../testing/ledger-fixtures.ts';
import { AppError } from '../errors.ts';
import { customerAccount, glAccount, postEntry, type LedgerAccount } from '../ledger/index.ts';
import { idempotent } from './idempotency.ts';

let db: Db;
beforeAll(async () => {
  db = await openTestDb();
});
afterAll(() => db.close());

describe('idempotency keys', () => {
  it('same key and body → the first response, effect once; other body → 409', async () => {
    const account = await db.tx((q) => fundedAccount(q));
    const clearing = await glAccount(db, 'gl:sepa-clearing');
    const run = (amount: number) =>
      idempotent(db, `test:${account.id}`, 'key-0001-abcdef', { amount }, async (q) => {
        const ref = await postEntry(q, move(clearing, account, amount));
        return { status: 201, body: { number: ref.number } };
      });
    const first = await run(700);
    const second = await run(700);
    expect(second.body).toEqual(first.body);
    expect(second.replayed).toBe(true);
    expect((await customerAccount(db, account.customerId!, account.id)).postedBalance).toBe(700n);
    const conflict = await run(800).catch((e: unknown) => e);
    expect(conflict).toBeInstanceOf(AppError);
    expect((conflict as AppError).code).toBe('idempotency_conflict');
    expect((conflict as AppError).status).toBe(409);
  });

  it('refuses malformed keys', async () => {
    await expect(
      idempotent(db, 's', 'short', {}, () => Promise.resolve({ status: 200, body: {} })),
    ).rejects.toMatchObject({
      code: 'idempotency_key_invalid',
    });
  });
});

describe('the idempotency record', () => {
  it('is written once, with its answer, in the effect’s transaction; a replay writes nothing', async () => {
    const account = await db.tx((q) => fundedAccount(q));
    const clearing = await glAccount(db, 'gl:sepa-clearing');
    const statements: string[] = [];
    const recorded: Db = {
      ...db,
      query: (sql, params, options) => {
        statements.push(sql);
        return db.query(sql, params, options);
      },
      tx: (fn) =>
        db.tx((q) =>
          fn({
            query: (sql, params, options) => {
              statements.push(sql);
              return q.query(sql, params, options);
            },
          }),
        ),
    };
    const run = () =>
      idempotent(recorded, `record:${account.id}`, 'key-0002-abcdef', { amount: 300 }, async (q) => {
        const ref = await postEntry(q, move(clearing, account, 300));
        return { status: 201, body: { number: ref.number } };
      });
    const keyWrites = () => statements.filter((s) => /^\s*(insert into|update) idempotency_keys/i.test(s));

    await run();
    expect(keyWrites()).toHaveLength(1);
    expect(keyWrites()[0]).toMatch(/^\s*insert into idempotency_keys/i);
    const { rows } = await db.query<{ response_status: number; response_body: unknown }>(
      'select response_status, response_body from idempotency_keys where scope = $1',
      [`record:${account.id}`],
    );
    expect(rows).toEqual([{ response_status: 201, response_body: { number: expect.any(String) } }]);

    statements.length = 0;
    expect((await run()).replayed).toBe(true);
    expect(keyWrites()).toEqual([]);
  });

  it('is not written when the effect fails: the same key runs the effect again', async () => {
    const account = await db.tx((q) => fundedAccount(q));
    const clearing = await glAccount(db, 'gl:sepa-clearing');
    let attempts = 0;
    const run = () =>
      idempotent(db, `retry:${account.id}`, 'key-0003-abcdef', { amount: 400 }, async (q) => {
        const ref = await postEntry(q, move(clearing, account, 400));
        if (++attempts === 1) throw new AppError('insufficient_funds');
        return { status: 201, body: { number: ref.number } };
      });
    await expect(run()).rejects.toMatchObject({ code: 'insufficient_funds' });
    expect((await run()).replayed).toBe(false);
    expect((await customerAccount(db, account.customerId!, account.id)).postedBalance).toBe(400n);
  });
});

/**
 * Resolves for everyone once `parties` callers are waiting: each twin's effect waits here, so both
 * have read the key as free before either goes on.
 */
function meeting(parties: number): () => Promise<void> {
  let arrived = 0;
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return () => {
    if (++arrived === parties) open();
    return opened;
  };
}

// Twins: two requests with the same key at once, both past the key's read before either commits.
// PGlite has one connection, so only PostgreSQL runs two transactions at once.
describe.skipIf(!process.env.DATABASE_URL)('the same key twice at once (PostgreSQL)', () => {
  const balance = async (account: LedgerAccount) =>
    (await customerAccount(db, account.customerId!, account.id)).postedBalance;
  const keyRows = async (scope: string) =>
    (await db.query('select 1 from idempotency_keys where scope = $1', [scope])).rowCount;

  it('the effect commits once and both answer its response, one of them as a replay', async () => {
    const account = await db.tx((q) => fundedAccount(q));
    const clearing = await glAccount(db, 'gl:sepa-clearing');
    const scope = `twins:${account.id}`;
    const bothInside = meeting(2);
    const run = () =>
      idempotent(db, scope, 'twin-0001-abcdef', { amount: 700 }, async (q: Queryable) => {
        await bothInside();
        const ref = await postEntry(q, move(clearing, account, 700));
        return { status: 201, body: { number: ref.number } };
      });
    const [a, b] = await Promise.all([run(), run()]);
    expect(b.body).toEqual(a.body);
    expect([a.replayed, b.replayed].sort()).toEqual([false, true]);
    expect(await balance(account)).toBe(700n);
    expect(await keyRows(scope)).toBe(1);
  });

  it('the twin refused because the first used what it needed (the money, a single-use token) answers the first’s response', async () => {
    const account = await db.tx((q) => fundedAccount(q, 700));
    const clearing = await glAccount(db, 'gl:sepa-clearing');
    const bothInside = meeting(2);
    const run = () =>
      idempotent(db, `spent:${account.id}`, 'twin-0002-abcdef', { amount: 700 }, async (q: Queryable) => {
        await bothInside();
        // Only one of the two can take the 700: the other is refused with insufficient_funds.
        const ref = await postEntry(q, move(account, clearing, 700));
        return { status: 201, body: { number: ref.number } };
      });
    const [a, b] = await Promise.all([run(), run()]);
    expect(b.body).toEqual(a.body);
    expect([a.replayed, b.replayed].sort()).toEqual([false, true]);
    expect(await balance(account)).toBe(0n);
  });

  it('the same key with another body at once: the one that commits second is rolled back with a 409', async () => {
    const account = await db.tx((q) => fundedAccount(q));
    const clearing = await glAccount(db, 'gl:sepa-clearing');
    const bothInside = meeting(2);
    const run = (amount: number) =>
      idempotent(db, `other:${account.id}`, 'twin-0003-abcdef', { amount }, async (q: Queryable) => {
        await bothInside();
        await postEntry(q, move(clearing, account, amount));
        return { status: 201, body: { amount } };
      });
    const outcomes = await Promise.allSettled([run(700), run(800)]);
    const answered = outcomes.flatMap((o) => (o.status === 'fulfilled' ? [o.value] : []));
    const refused = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason as unknown] : []));
    expect(answered).toHaveLength(1);
    expect(refused).toEqual([expect.objectContaining({ code: 'idempotency_conflict', status: 409 })]);
    expect(await balance(account)).toBe(BigInt(answered[0]!.body.amount));
  });
});
