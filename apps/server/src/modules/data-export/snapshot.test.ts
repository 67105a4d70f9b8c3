import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCA_TOKEN_HEADER } from '@comptoir/contracts';
import type { Db, Queryable, QueryResult } from '../../db/types.ts';
import { glAccount, postEntry } from '../../ledger/index.ts';
import { customerCall } from '../../testing/customer-call.ts';
import { move } from '../../testing/ledger-fixtures.ts';
import { makeTestContext, openTestDb, type TestContext } from '../../testing/test-context.ts';
import { grantScaToken } from '../sca/__tests__/testing.ts';
import { signedIn } from '../transfers/__tests__/testing.ts';
import * as exportQueries from './queries.ts';

/** A statement the database ran, and the transaction it ran in (null: none, autocommit). */
interface Statement {
  sql: string;
  tx: number | null;
}

let statements: Statement[] = [];
/** Runs after each statement (`afterStatement = null` to stop): a write between two reads, say. */
let afterStatement: ((sql: string) => Promise<void>) | null = null;
let transactions = 0;

/** The database, recording every statement with its transaction. */
function recording(db: Db): Db {
  const record = (q: Queryable, tx: number | null): Queryable => ({
    async query<T>(sql: string, params?: readonly unknown[]): Promise<QueryResult<T>> {
      const result = await q.query<T>(sql, params);
      statements.push({ sql, tx });
      await afterStatement?.(sql);
      return result;
    },
  });
  return { ...db, ...record(db, null), tx: (fn) => db.tx((q) => fn(record(q, ++transactions))) };
}

/** The SQL of every export query in `queries.ts`, as each sends it. */
async function exportStatements(): Promise<Map<string, string>> {
  const byName = new Map<string, string>();
  let current = '';
  const q: Queryable = {
    query: <T>(sql: string) => {
      byName.set(current, sql);
      return Promise.resolve({ rows: [] as T[], rowCount: 0 });
    },
  };
  const customerId = randomUUID();
  for (const [name, read] of Object.entries(exportQueries)) {
    if (!name.startsWith('export') || typeof read !== 'function') continue;
    current = name;
    if (name === 'exportPostingsPage') {
      await exportQueries.exportPostingsPage(q, {
        customerId,
        accountId: '1',
        afterEntryId: -1n,
        afterPostingId: -1n,
        limit: 1,
      });
    } else await (read as (q: Queryable, customerId: string) => Promise<unknown>)(q, customerId);
  }
  return byName;
}

let t: TestContext;
let db: Db;
let reads: Map<string, string>;
beforeAll(async () => {
  db = recording(await openTestDb());
  t = await makeTestContext({ rateLimits: false }, { db });
  reads = await exportStatements();
});
afterAll(async () => {
  await t.close();
  await db.close();
});

async function dataExport(customerId: string, cookie: string) {
  const token = await grantScaToken(t.ctx, customerId, 'data_export', {});
  const res = await customerCall(t.app, 'GET', '/api/me/data-export', cookie, undefined, {
    [SCA_TOKEN_HEADER]: token,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{
    accounts: { id: string; postedBalance: number }[];
    operations: { accountId: string; amount: number; status: string }[];
  }>();
}

describe('the data export reads one snapshot', () => {
  it('every export query runs in one transaction, read only and repeatable read from its first statement', async () => {
    const p = await signedIn(t.ctx, t.app, 10_000);
    statements = [];
    await dataExport(p.customer.id, p.cookie);
    const sqls = new Set(reads.values());
    const exported = statements.filter((s) => sqls.has(s.sql));
    expect(new Set(exported.map((s) => s.sql))).toEqual(sqls);
    const txs = [...new Set(exported.map((s) => s.tx))];
    expect(txs).toHaveLength(1);
    expect(txs[0]).not.toBeNull();
    expect(statements.find((s) => s.tx === txs[0])?.sql).toBe(
      'set transaction isolation level repeatable read, read only',
    );
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'a payment booked between reading the balances and the operations is in both or in neither (PostgreSQL)',
    async () => {
      const p = await signedIn(t.ctx, t.app, 10_000);
      const balance = async () =>
        Number(
          (
            await t.ctx.db.query<{ posted_balance: bigint }>(
              'select posted_balance from ledger_accounts where id = $1',
              [String(p.account.id)],
            )
          ).rows[0]!.posted_balance,
        );
      const before = await balance();
      const accountsSql = reads.get('exportAccounts');
      afterStatement = async (sql) => {
        if (sql !== accountsSql) return;
        afterStatement = null;
        // Another connection books a credit and commits while the export is between two reads.
        await t.ctx.db.tx(async (q) =>
          postEntry(q, move(await glAccount(q, 'gl:sepa-clearing'), p.account, 777)),
        );
      };
      const file = await dataExport(p.customer.id, p.cookie);
      expect(afterStatement).toBeNull();
      expect(await balance()).toBe(before + 777);

      const account = file.accounts.find((a) => a.id === String(p.account.id));
      const booked = file.operations
        .filter((o) => o.accountId === String(p.account.id) && o.status === 'posted')
        .reduce((sum, o) => sum + o.amount, 0);
      expect([before, before + 777]).toContain(account?.postedBalance);
      expect(booked).toBe(account?.postedBalance);
    },
  );
});
