import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from './postgres.ts';
import type { Db } from './types.ts';

const url = process.env.DATABASE_URL;

describe.skipIf(!url)('statements on PostgreSQL', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openPostgres(url!, 1);
  });
  afterAll(async () => {
    await db.close();
  });

  const prepared = (q: Pick<Db, 'query'>) =>
    q
      .query<{ statement: string }>('select statement from pg_prepared_statements')
      .then(({ rows }) => rows.map((row) => row.statement));

  it('prepares a statement with parameters once per connection, except one planned for each call', async () => {
    await db.tx(async (q) => {
      expect((await q.query<{ n: number }>('select $1::int + 1 as n', [41])).rows[0]?.n).toBe(42);
      expect(
        (await q.query<{ n: number }>('select $1::int + 2 as n', [40], { planEachCall: true })).rows[0]?.n,
      ).toBe(42);
      const statements = await prepared(q);
      expect(statements).toContain('select $1::int + 1 as n');
      expect(statements).not.toContain('select $1::int + 2 as n');
    });
  });
});
