/** The one database interface the code uses; PGlite and node-postgres both implement it. */
export interface QueryResult<T> {
  rows: T[];
  rowCount: number;
}

export interface QueryOptions {
  /**
   * Plan this statement for the values of each call, never once for all (PostgreSQL keeps a generic
   * plan of a prepared statement after five calls). For a statement whose best plan depends on its
   * values: a text search, where a rare word wants the trigram index and a common one the newest
   * rows first.
   */
  planEachCall?: boolean;
}

export interface Queryable {
  query<T = Record<string, unknown>>(
    sql: string,
    params?: readonly unknown[],
    options?: QueryOptions,
  ): Promise<QueryResult<T>>;
  /**
   * Runs `fn` once what was just written is committed: inside `tx`, after its COMMIT (never after a
   * rollback, nor for an attempt that was retried), awaited before `tx` returns; outside a
   * transaction, at once (the statement has committed). Its failure is logged, never thrown.
   */
  afterCommit?(fn: AfterCommit): void;
}

/** Work that follows a commit, given the database it committed on. */
export type AfterCommit = (db: Db) => Promise<void>;

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /**
   * The database this object opened, one per `openPglite` / `openPostgres`: copies of the object
   * (`{ ...db, close }`, a test's recording wrapper) share it, so what is attached to a database
   * (its event dispatcher) is found from any of them.
   */
  readonly handle: object;
  /** Runs `fn` in one transaction; retried on serialization failures and deadlocks (PostgreSQL). */
  tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T>;
  /** Multi-statement SQL without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /** LISTEN on a channel; returns an unsubscribe function. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /** Connections in use, idle, and clients waiting for one (PGlite: its one connection, always in use). */
  poolStats(): PoolStats;
}

export interface PoolStats {
  inUse: number;
  idle: number;
  waiting: number;
}

/** SQLSTATEs worth retrying: serialization_failure, deadlock_detected. */
export const RETRYABLE_SQLSTATES = new Set(['40001', '40P01']);

export const sqlState = (error: unknown): string | undefined =>
  typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string'
    ? error.code
    : undefined;
