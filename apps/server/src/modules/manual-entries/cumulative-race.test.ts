import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManualEntry } from '@comptoir/contracts';
import { verifyLedger } from '../../ledger/index.ts';
import { makeTestContext, MUTATION, type TestContext } from '../../testing/test-context.ts';
import { newOperator, signIn, withOperator } from '../operators/__tests__/testing.ts';
import { party } from '../transfers/__tests__/testing.ts';

// Real concurrency needs PostgreSQL (PGlite runs one statement at a time).
describe.skipIf(!process.env.DATABASE_URL)('manual entries summed under races (PostgreSQL)', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await makeTestContext({
      rateLimits: false,
      manualEntryApprovalThreshold: 50_000,
      manualEntryOperatorDailyLimit: 200_000,
    });
  });
  afterAll(() => t?.close());

  const create = (token: string, customerId: string, amount: number) =>
    t.app.inject({
      method: 'POST',
      url: `/api/backoffice/customers/${customerId}/manual-entries`,
      headers: { ...MUTATION, 'idempotency-key': `me-${randomUUID()}` },
      cookies: withOperator(token),
      payload: { amount, direction: 'credit', reason: 'Geste commercial', glAccount: 'gl:adjustments' },
    });

  it('ten 100 € credits to one customer at once: five are posted, five wait', async () => {
    const op = await signIn(t, await newOperator(t, 'compliance'));
    const p = await party(t.ctx, 0);
    const answers = await Promise.all(Array.from({ length: 10 }, () => create(op, p.customer.id, 10_000)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(201));
    const entries = answers.map((a) => a.json<ManualEntry>());
    expect(entries.filter((e) => e.status === 'posted')).toHaveLength(5);
    expect(entries.filter((e) => e.approvalReason === 'cumulative_customer')).toHaveLength(5);
  });

  it('thirty 500 € credits to thirty customers at once: four are posted, the rest wait', async () => {
    const op = await signIn(t, await newOperator(t, 'compliance'));
    const parties = await Promise.all(Array.from({ length: 30 }, () => party(t.ctx, 0)));
    const answers = await Promise.all(parties.map((p) => create(op, p.customer.id, 50_000)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(30).fill(201));
    const entries = answers.map((a) => a.json<ManualEntry>());
    expect(entries.filter((e) => e.status === 'posted')).toHaveLength(4);
    expect(entries.filter((e) => e.approvalReason === 'cumulative_operator')).toHaveLength(26);
    expect(await verifyLedger(t.ctx.db)).toEqual([]);
  });
});
