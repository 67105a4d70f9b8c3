import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestContext, MUTATION, type TestContext } from '../../testing/test-context.ts';
import { makeCustomer, signIn } from '../../testing/customers.ts';
import { CUSTOMER_MESSAGE_LIMIT } from './send-customer-message-service.ts';

// Real concurrency needs PostgreSQL (PGlite runs one statement at a time).
describe.skipIf(!process.env.DATABASE_URL)('message rate limit under races (PostgreSQL)', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await makeTestContext({ rateLimits: false });
  });
  afterAll(() => t?.close());

  it('30 messages sent at once from three sessions: exactly 10 are accepted', async () => {
    const customer = await makeCustomer(t.ctx);
    const cookies = await Promise.all([1, 2, 3].map(() => signIn(t.app, customer)));
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/messages',
          headers: { ...MUTATION, cookie: cookies[i % 3] ?? '' },
          payload: { body: `Message ${i}` },
        }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(CUSTOMER_MESSAGE_LIMIT.max);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30 - CUSTOMER_MESSAGE_LIMIT.max);
    const { rows } = await t.ctx.db.query<{ n: number }>(
      `select count(*)::int as n from messages where customer_id = $1`,
      [customer.id],
    );
    expect(rows[0]?.n).toBe(CUSTOMER_MESSAGE_LIMIT.max);
  });
});
