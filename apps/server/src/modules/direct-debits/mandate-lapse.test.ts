import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DirectDebitCollection } from '@comptoir/contracts';
import { verifyLedger } from '../../ledger/index.ts';
import { makeTestContext, type TestContext } from '../../testing/test-context.ts';
import { signedIn } from '../transfers/__tests__/testing.ts';
import { announced, announcement, present, SANDBOX_KEY, setNow } from './__tests__/helpers.ts';

let t: TestContext;
beforeAll(async () => {
  t = await makeTestContext({ rateLimits: false, sandboxApiKey: SANDBOX_KEY });
});
afterAll(async () => {
  expect(await verifyLedger(t.ctx.db)).toEqual([]);
  await t.close();
});

async function presented(id: string): Promise<DirectDebitCollection> {
  const res = await present(t, id);
  if (res.statusCode !== 200) throw new Error(`present: ${res.statusCode} ${res.body}`);
  return res.json<DirectDebitCollection>();
}

/** A mandate whose first collection was booked on Tuesday 7 April 2026, and a recurring one due on `dueDate`. */
async function recurringAfter(dueDate: string) {
  setNow(t, '2026-04-07T09:00:00+02:00');
  const a = await signedIn(t.ctx, t.app, 100_000);
  const iban = a.account.iban ?? '';
  const first = await announced(t, announcement(iban, '2026-04-07', { mandateId: 'RUM-LONG' }));
  expect((await presented(first.id)).status).toBe('booked');
  setNow(t, '2029-04-02T09:00:00+02:00');
  const next = await announced(t, announcement(iban, dueDate, { mandateId: 'RUM-LONG', sequence: 'RCUR' }));
  return presented(next.id);
}

describe('a mandate with no collection for 36 months lapses (EPC): its next collection is returned MD01', () => {
  it('due on the last day of the 36 months (Friday 6 April 2029, the bound being Saturday the 7th): booked', async () => {
    expect(await recurringAfter('2029-04-06')).toMatchObject({ status: 'booked', returnReason: null });
  });

  it('due after them (Monday 9 April 2029): returned MD01, nothing debited', async () => {
    expect(await recurringAfter('2029-04-09')).toMatchObject({
      status: 'returned',
      returnReason: 'MD01',
      number: null,
    });
  });
});
