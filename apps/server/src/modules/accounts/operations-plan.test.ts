import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, Queryable, QueryResult } from '../../db/types.ts';
import { verifyLedger } from '../../ledger/index.ts';
import { customerWithHistory } from '../../bench/operation-fixtures.ts';
import { analyzeLedger, entryIdAtDepth } from '../../bench/queries.ts';
import { syntheticHistory } from '../../testing/operation-history.ts';
import { makeTestContext, type TestContext } from '../../testing/test-context.ts';
import { containsPattern, operationsPage } from './queries.ts';

/**
 * The page query's plans at a realistic size (PostgreSQL only: PGlite's planner is the same code,
 * but the point is the plan a production database picks with real statistics): 40,000 operations
 * on the account over 24 months, 10,000 on another, then ANALYZE.
 */
const onPostgres = !!process.env.DATABASE_URL;

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}
const nodes = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(nodes)];

/** Runs the page query under EXPLAIN and returns its plan's nodes instead of rows. */
async function planOf(db: Db, run: (q: Queryable) => Promise<unknown>): Promise<PlanNode[]> {
  let plan: PlanNode | null = null;
  const explaining: Queryable = {
    async query<T>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<T>> {
      const { rows } = await db.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
        `explain (format json) ${sql}`,
        params,
      );
      plan = rows[0]?.['QUERY PLAN'][0].Plan ?? null;
      return { rows: [], rowCount: 0 };
    },
  };
  await run(explaining);
  if (!plan) throw new Error('no plan');
  return nodes(plan);
}

/**
 * Sequential scans of the ledger's big tables. ledger_accounts holds a few rows a customer; the
 * transfers table is empty in this imported history, so a scan of it costs nothing here (with rows,
 * the rejected-transfer lookup goes through its unique `number` index).
 */
const BIG_TABLES = new Set(['ledger_postings', 'ledger_entries']);
const seqScans = (plan: PlanNode[]) =>
  plan
    .filter((n) => n['Node Type'] === 'Seq Scan' && BIG_TABLES.has(String(n['Relation Name'])))
    .map((n) => n['Relation Name']);
const indexes = (plan: PlanNode[]) => plan.map((n) => n['Index Name']).filter(Boolean);

describe.skipIf(!onPostgres)('the operations page query’s plans at 40,000 operations', () => {
  let t: TestContext;
  let me: Awaited<ReturnType<typeof customerWithHistory>>;
  const to = new Date();
  const from = new Date(to.getTime() - 730 * 86_400_000);
  const page = (extra: Partial<Parameters<typeof operationsPage>[1]>) => ({
    customerId: me.customerId,
    accountId: me.accountId,
    beforeEntryId: null,
    pattern: null,
    amount: null,
    month: null,
    limit: 21,
    ...extra,
  });

  beforeAll(async () => {
    t = await makeTestContext({}, { ownDatabase: true });
    await customerWithHistory(t.ctx.db, syntheticHistory(10_000, from, to));
    me = await customerWithHistory(t.ctx.db, syntheticHistory(40_000, from, to));
    await analyzeLedger(t.ctx.db);
  }, 120_000);
  afterAll(() => t.close());

  it('reads a month from the account’s date index, never scanning the ledger', async () => {
    const month = new Date(to.getTime() - 365 * 86_400_000).toISOString().slice(0, 7);
    const plan = await planOf(t.ctx.db, (q) => operationsPage(q, page({ month })));
    expect(seqScans(plan)).toEqual([]);
    expect(indexes(plan)).toContain('ledger_postings_account_created');
  });

  it('reads a deep cursor page down an entry-id index from the cursor', async () => {
    // The account's (account_id, entry_id desc) index, or — when the account holds most of the
    // ledger, as here — the entries' primary key walked down from the cursor: either starts at
    // the cursor and stops after the page, neither reads the table.
    const deep = await entryIdAtDepth(t.ctx.db, me.accountId, 35_000);
    const plan = await planOf(t.ctx.db, (q) => operationsPage(q, page({ beforeEntryId: deep })));
    expect(seqScans(plan)).toEqual([]);
    expect(indexes(plan).some((i) => i === 'ledger_postings_account' || i === 'ledger_entries_pkey')).toBe(
      true,
    );
  });

  it('finds a rare word through the trigram index', async () => {
    const plan = await planOf(t.ctx.db, (q) =>
      operationsPage(q, page({ pattern: containsPattern('facture 4242') })),
    );
    expect(seqScans(plan)).toEqual([]);
    expect(indexes(plan)).toContain('ledger_entries_search');
  });

  it('imported the history with every ledger invariant kept', async () => {
    expect(await verifyLedger(t.ctx.db)).toEqual([]);
    const rows = await operationsPage(t.ctx.db, page({ pattern: containsPattern('facture 4242') }));
    expect(rows.map((r) => r.reference)).toEqual(['Facture 4242']);
  });
});
