import type { Queryable } from '../db/types.ts';

/** One statement's counters in pg_stat_statements since the last reset, in the current database. */
export interface StatementRow {
  query: string;
  /** False for a statement run inside a function (pg_stat_statements.track = all). */
  toplevel: boolean;
  calls: number;
  total_ms: number;
  /** Times it was planned (a generic plan kept is planned once; a custom plan, at every call). */
  plans: number;
  plan_ms: number;
  blocks_dirtied: number;
  blocks_written: number;
  wal_bytes: number;
}

/** One table's row changes since the last reset, HOT updates apart. */
export interface TableWritesRow {
  table: string;
  inserted: number;
  updated: number;
  hot_updated: number;
}

/**
 * Zeroes pg_stat_statements (the whole cluster's) and the current database's table counters; the
 * extension is made in the current database first, where its view will be read.
 */
export async function resetStatementStatistics(q: Queryable): Promise<void> {
  await q.query('create extension if not exists pg_stat_statements');
  await q.query('select pg_stat_statements_reset()');
  await q.query('select pg_stat_reset()');
}

/** Every statement run in the current database since the reset, costliest first (the reset's own left out). */
export async function statementRows(q: Queryable): Promise<StatementRow[]> {
  const { rows } = await q.query<StatementRow>(
    `select s.query, s.toplevel, s.calls::float8 as calls, s.total_exec_time as total_ms,
            s.plans::float8 as plans, s.total_plan_time as plan_ms,
            s.shared_blks_dirtied::float8 as blocks_dirtied, s.shared_blks_written::float8 as blocks_written,
            s.wal_bytes::float8 as wal_bytes
       from pg_stat_statements s
      where s.dbid = (select oid from pg_database where datname = current_database())
        and s.query !~ 'pg_stat_statements_reset|pg_stat_reset'
      order by s.total_exec_time desc`,
  );
  return rows;
}

/** The current database's tables that were written since the reset, most updated first. */
export async function tableWrites(q: Queryable): Promise<TableWritesRow[]> {
  const { rows } = await q.query<TableWritesRow>(
    `select relname as "table", n_tup_ins::float8 as inserted, n_tup_upd::float8 as updated,
            n_tup_hot_upd::float8 as hot_updated
       from pg_stat_user_tables
      where n_tup_ins + n_tup_upd > 0
      order by n_tup_upd desc, n_tup_ins desc, relname`,
  );
  return rows;
}
