import { PGlite, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { AfterCommit, Db, Queryable, QueryResult } from './types.ts';
import { runAfterCommit } from './after-commit.ts';

const parsers = { [types.INT8]: (value: string) => BigInt(value) };

/**
 * Embedded PostgreSQL (WASM). One connection: transactions run one at a time, so row locks never
 * contend here — locking is tested on real PostgreSQL.
 */
export async function openPglite(dataDir: string | undefined): Promise<Db> {
  // pg_trgm: the operations search's trigram index (migration 0022), as on PostgreSQL.
  const pg = await PGlite.create({ ...(dataDir ? { dataDir } : {}), parsers, extensions: { pg_trgm } });
  return wrapPglite(pg);
}

/**
 * What `read` finds in the embedded database of `dataDir`, opened for it then closed (its files at
 * rest again: a backup copies them next). Nothing else may have the database open meanwhile.
 */
export async function readPglite<T>(dataDir: string, read: (db: Db) => Promise<T>): Promise<T> {
  const pg = await PGlite.create({ dataDir, parsers, extensions: { pg_trgm } });
  try {
    return await read(wrapPglite(pg));
  } finally {
    await pg.close();
  }
}

/** Creates the embedded database in `dataDir` (empty) from PGlite's own tarball (backups of format 1). */
export async function loadPglite(dataDir: string, tarball: Blob): Promise<void> {
  const pg = await PGlite.create({ dataDir, parsers, extensions: { pg_trgm }, loadDataDir: tarball });
  await pg.close();
}

function wrapPglite(pg: PGlite): Db {
  const wrap = (q: Pick<PGlite, 'query'>, afterCommit: (fn: AfterCommit) => void): Queryable => ({
    afterCommit,
    // Every statement is planned for its values here (unnamed): `planEachCall` holds already.
    async query<T>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<T>> {
      const result = await q.query<T>(sql, params as unknown[]);
      return {
        rows: result.rows,
        rowCount: result.rows.length > 0 ? result.rows.length : (result.affectedRows ?? 0),
      };
    },
  });
  const db: Db = {
    kind: 'pglite',
    handle: {},
    ...wrap(pg, (fn) => void runAfterCommit(db, [fn])),
    async tx(fn) {
      const committed: AfterCommit[] = [];
      const result = await pg.transaction((tx) =>
        fn(
          wrap(tx, (hook) => {
            if (!committed.includes(hook)) committed.push(hook);
          }),
        ),
      );
      await runAfterCommit(db, committed);
      return result;
    },
    exec: async (sql) => {
      await pg.exec(sql);
    },
    listen: async (channel, onPayload) => {
      const unsubscribe = await pg.listen(channel, onPayload);
      return async () => unsubscribe();
    },
    close: () => pg.close(),
    poolStats: () => ({ inUse: 1, idle: 0, waiting: 0 }),
  };
  return db;
}
