import { setTimeout as sleep } from 'node:timers/promises';
import type { Queryable } from '../db/types.ts';
import { startPrivatePostgres } from './private-postgres.ts';
import {
  resetStatementStatistics,
  statementRows,
  tableWrites,
  type StatementRow,
} from './statement-profile-queries.ts';

/**
 * BENCH_STATEMENTS=1: the transfer and card benches run on a PostgreSQL cluster of their own started
 * with pg_stat_statements preloaded (the machine's server does not load it), pgbench's reference
 * included, and print after their run (a) what each statement cost per request.
 */
export const PROFILE_STATEMENTS = process.env.BENCH_STATEMENTS === '1';

/**
 * The PostgreSQL a bench runs on: `baseUrl`, or with BENCH_STATEMENTS=1 a private cluster with
 * pg_stat_statements (statements inside functions counted too), deleted by `stop`.
 */
export async function benchPostgres(baseUrl: string): Promise<{ url: string; stop(): Promise<void> }> {
  if (!PROFILE_STATEMENTS) return { url: baseUrl, stop: () => Promise.resolve() };
  const cluster = await startPrivatePostgres({
    shared_preload_libraries: 'pg_stat_statements',
    'pg_stat_statements.track': 'all',
    'pg_stat_statements.track_planning': 'on',
    // As the machine's own server is configured: no vacuum starting in the middle of a run.
    autovacuum: 'off',
  });
  console.log(`BENCH_STATEMENTS=1: a private PostgreSQL with pg_stat_statements, pid ${cluster.pid}`);
  return cluster;
}

/**
 * A backend reports its table counters at most every second, and once idle after 10 s
 * (PostgreSQL's PGSTAT_IDLE_INTERVAL): what the fixtures wrote must be in before the reset, and
 * what the run wrote before the reading.
 */
const TABLE_COUNTERS_DELAY_MS = 11_000;

/** Zeroes the statement and table counters of the database `q` reaches, once the fixtures' are reported. */
export async function resetStatementProfile(q: Queryable): Promise<void> {
  await sleep(TABLE_COUNTERS_DELAY_MS);
  await resetStatementStatistics(q);
}

const SHOWN = 24;

/**
 * Prints what each statement cost per request (`count` requests of the kind `unit` since the reset):
 * calls, mean and total time, shared blocks dirtied and written and WAL bytes per call, costliest
 * first; statements run inside a function (ledger_post's) are marked ↳, their time is also their
 * caller's. Then each written table's inserts and updates per request, and the share of updates
 * that were HOT (no index touched).
 */
export async function printStatementProfile(q: Queryable, count: number, unit: string): Promise<void> {
  if (count === 0) return;
  const rows = await statementRows(q);
  const per = (n: number) => n / count;
  const fixed = (n: number, digits: number, width: number) => n.toFixed(digits).padStart(width);
  console.log(
    `\n  statements (pg_stat_statements, ${count} ${unit}s): calls and total ms per ${unit}; mean ms, shared blocks dirtied and written, WAL bytes per call; plans per call and planning ms per ${unit} (a kept generic plan: 0.00); ↳ inside a function`,
  );
  console.log(
    `  ${'statement'.padEnd(64)} ${'calls'.padStart(6)} ${'mean ms'.padStart(8)} ${'total ms'.padStart(9)} ${'dirtied'.padStart(8)} ${'written'.padStart(8)} ${'WAL B'.padStart(7)} ${'plans'.padStart(6)} ${'plan ms'.padStart(8)}`,
  );
  for (const row of rows.slice(0, SHOWN)) {
    console.log(
      `  ${shorten(row).padEnd(64)} ${fixed(per(row.calls), 2, 6)} ${fixed(row.total_ms / row.calls, 3, 8)} ${fixed(
        per(row.total_ms),
        3,
        9,
      )} ${fixed(row.blocks_dirtied / row.calls, 2, 8)} ${fixed(row.blocks_written / row.calls, 2, 8)} ${fixed(
        row.wal_bytes / row.calls,
        0,
        7,
      )} ${fixed(row.plans / row.calls, 2, 6)} ${fixed(per(row.plan_ms), 3, 8)}`,
    );
  }
  const rest = rows.slice(SHOWN);
  const topLevel = rows.filter((r) => r.toplevel);
  console.log(
    `  ${rest.length} other statements: ${fixed(per(sum(rest, 'total_ms')), 3, 0)} ms/${unit}; top-level in all: ${fixed(
      per(sum(topLevel, 'calls')),
      1,
      0,
    )} statements, ${fixed(per(sum(topLevel, 'total_ms')), 3, 0)} ms, ${fixed(per(sum(topLevel, 'wal_bytes')), 0, 0)} WAL bytes per ${unit}; planning in all: ${fixed(per(sum(rows, 'plan_ms')), 3, 0)} ms per ${unit}`,
  );

  await sleep(TABLE_COUNTERS_DELAY_MS);
  console.log(`  tables written, per ${unit} (HOT: updates that touched no index):`);
  for (const t of await tableWrites(q)) {
    const hot = t.updated > 0 ? `${((100 * t.hot_updated) / t.updated).toFixed(0)}% HOT` : '';
    console.log(
      `  ${t.table.padEnd(34)} inserts ${fixed(per(t.inserted), 2, 6)}   updates ${fixed(per(t.updated), 2, 6)}   ${hot}`,
    );
  }
}

const sum = (rows: readonly StatementRow[], key: 'calls' | 'total_ms' | 'wal_bytes' | 'plan_ms'): number =>
  rows.reduce((s, r) => s + r[key], 0);

/** The statement's text on one line, cut to fit its column. */
function shorten(row: StatementRow): string {
  const text = `${row.toplevel ? '' : '↳ '}${row.query.replace(/\s+/g, ' ').trim()}`;
  return text.length <= 64 ? text : `${text.slice(0, 63)}…`;
}
