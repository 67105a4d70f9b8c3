import pg from 'pg';
import { appLog } from '../log.ts';
import type { AfterCommit, Db, Queryable, QueryOptions, QueryResult } from './types.ts';
import { RETRYABLE_SQLSTATES, sqlState } from './types.ts';
import { runAfterCommit } from './after-commit.ts';

const typeParsers = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === 20
      ? (value: string) => BigInt(value)
      : (pg.types.getTypeParser(oid, format) as unknown)) as typeof pg.types.getTypeParser,
};

const MAX_ATTEMPTS = 8;

/**
 * Statements with parameters run as named prepared statements: each connection parses and plans
 * a text once, then only binds and executes it. The name is derived from the text; texts beyond
 * PREPARED_LIMIT distinct ones (SQL built with a variable shape) run unnamed, so the per-connection
 * cache stays bounded, and so do those asked to be planned for each call's values (`planEachCall`).
 */
const PREPARED_LIMIT = 2_000;
const statementNames = new Map<string, string>();
function statementName(sql: string): string | undefined {
  const known = statementNames.get(sql);
  if (known !== undefined || statementNames.size >= PREPARED_LIMIT) return known;
  const name = `s${statementNames.size}`;
  statementNames.set(sql, name);
  return name;
}

export async function openPostgres(connectionString: string, poolSize = 10): Promise<Db> {
  const pool = new pg.Pool({ connectionString, max: poolSize, types: typeParsers });
  pool.on('error', (error) => appLog().error({ err: error }, 'postgres pool error'));
  const wrap = (client: pg.Pool | pg.PoolClient, afterCommit: (fn: AfterCommit) => void): Queryable => ({
    afterCommit,
    async query<T>(
      sql: string,
      params: readonly unknown[] = [],
      options: QueryOptions = {},
    ): Promise<QueryResult<T>> {
      const name = params.length > 0 && !options.planEachCall ? statementName(sql) : undefined;
      const result = await client.query({ text: sql, values: params as unknown[], name });
      return { rows: result.rows as T[], rowCount: result.rowCount ?? 0 };
    },
  });
  await pool.query('select 1');
  const db: Db = {
    kind: 'postgres',
    handle: {},
    ...wrap(pool, (fn) => void runAfterCommit(db, [fn])),
    async tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T> {
      for (let attempt = 1; ; attempt++) {
        const client = await pool.connect();
        const committed: AfterCommit[] = [];
        let result: T;
        try {
          await client.query('begin');
          result = await fn(
            wrap(client, (hook) => {
              if (!committed.includes(hook)) committed.push(hook);
            }),
          );
          await client.query('commit');
        } catch (error) {
          await client.query('rollback').catch(() => undefined);
          const state = sqlState(error);
          if (state && RETRYABLE_SQLSTATES.has(state) && attempt < MAX_ATTEMPTS) {
            await new Promise((r) => setTimeout(r, Math.random() * 5 * attempt));
            continue;
          }
          throw error;
        } finally {
          client.release();
        }
        await runAfterCommit(db, committed);
        return result;
      }
    },
    async exec(sql) {
      await pool.query(sql);
    },
    async listen(channel, onPayload) {
      const client = await pool.connect();
      const handler = (message: pg.Notification) => {
        if (message.channel === channel) onPayload(message.payload ?? '');
      };
      client.on('notification', handler);
      await client.query(`listen ${pg.escapeIdentifier(channel)}`);
      return async () => {
        client.off('notification', handler);
        await client.query(`unlisten ${pg.escapeIdentifier(channel)}`).catch(() => undefined);
        client.release();
      };
    },
    close: () => pool.end(),
    poolStats: () => ({
      inUse: pool.totalCount - pool.idleCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
  };
  return db;
}
