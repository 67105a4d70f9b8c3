import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestContext, type TestContext } from '../../testing/test-context.ts';
import { updateOperatorByAdmin } from './update-operator-service.ts';
import { newOperator } from './__tests__/helpers.ts';
import { listOperators } from './admin-queries.ts';

// Real concurrency needs PostgreSQL (PGlite runs one transaction at a time).
describe.skipIf(!process.env.DATABASE_URL)('the last active admin under concurrency (PostgreSQL)', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await makeTestContext({ rateLimits: false }, { ownDatabase: true });
  });
  afterAll(() => t.close());

  it('two admins removing each other at once: exactly one succeeds, one admin stays', async () => {
    for (let round = 0; round < 10; round++) {
      // Only these two admins are active.
      for (const o of await listOperators(t.ctx.db)) {
        if (o.role === 'admin' && o.disabled_at === null) {
          await t.ctx.db.query('update operators set disabled_at = now() where id = $1', [o.id]);
        }
      }
      const a = await newOperator(t, 'admin');
      const b = await newOperator(t, 'admin');
      const results = await Promise.allSettled([
        updateOperatorByAdmin(t.ctx, a.id, b.id, round % 2 ? { active: false } : { role: 'support' }),
        updateOperatorByAdmin(t.ctx, b.id, a.id, { active: false }),
      ]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const rejected = results.find((r) => r.status === 'rejected');
      expect(rejected?.reason).toMatchObject({ status: 409 });
      const admins = (await listOperators(t.ctx.db)).filter(
        (o) => o.role === 'admin' && o.disabled_at === null,
      );
      expect(admins).toHaveLength(1);
    }
  });
});
