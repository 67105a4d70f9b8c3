import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_FROZEN_MESSAGE, Problem, Transfer } from '@comptoir/contracts';
import type { Db, Queryable } from '../../db/types.ts';
import { screenedSubjectCount } from '../../metrics/count.ts';
import { insertCustomerFreeze } from '../../testing/asset-freezes.ts';
import { makeTestContext, openTestDb, type TestContext } from '../../testing/test-context.ts';
import { balances, payee, sendTransfer, signedIn, transferToken } from './__tests__/helpers.ts';

// Regulation 260/2012 art. 5d (as amended by 2024/886): a bank offering instant transfers screens
// its customers every day and on every list change, and never inside an instant transfer. The order
// reads the account's state — an asset freeze in force, in the facts statement it already runs
// (docs/screening.md#freezing-in-the-payment-paths) — and calls no screening: counted here on the
// screening's own counter and on every statement the transfer sends to the database.

/** Every statement sent, in or out of a transaction, while `recording` is on. */
let statements: string[] = [];
let recording = false;
const record = (q: Queryable): Queryable => ({
  query: (sql, params, options) => {
    if (recording) statements.push(sql);
    return q.query(sql, params, options);
  },
});

let base: Db;
let t: TestContext;
beforeAll(async () => {
  base = await openTestDb();
  const db: Db = { ...base, ...record(base), tx: (fn) => base.tx((q) => fn(record(q))) };
  t = await makeTestContext({ rateLimits: false }, { db });
});
afterAll(async () => {
  await t.close();
  await base.close();
});

/** What an action sent to the database and how many subjects it screened. */
async function observed<T>(
  action: () => Promise<T>,
): Promise<{ result: T; sql: string[]; screened: number }> {
  const screenedBefore = screenedSubjectCount();
  statements = [];
  recording = true;
  try {
    const result = await action();
    return { result, sql: statements, screened: screenedSubjectCount() - screenedBefore };
  } finally {
    recording = false;
  }
}

/** Names of the screening's and the list's tables: no statement of a payment may touch them. */
const SCREENING_TABLES = /\b(sanctions_\w+|screening\w*|screenings)\b/i;

describe('an instant transfer screens nobody (IPR art. 5d)', () => {
  it('on-us and to another bank: no screening call, no statement on the list or the screenings; the freeze is read in the order’s one facts statement', async () => {
    const a = await signedIn(t.ctx, t.app, 10_000, { firstName: 'Jon', lastName: 'Smyth' });
    const other = await signedIn(t.ctx, t.app, 0, { firstName: 'John', lastName: 'Smith' });
    const onUs = await payee(t.ctx, a.customer.id, { name: 'John Smith', iban: other.account.iban ?? '' });
    const abroad = await payee(t.ctx, a.customer.id, {
      name: 'Erika Mustermann',
      iban: 'DE55370400440532014000',
    });
    for (const b of [onUs, abroad]) {
      const body = { accountId: String(a.account.id), beneficiaryId: b.id, amount: 1_000, type: 'instant' };
      const sca = await transferToken(t.ctx, a.customer.id, 1_000, b);
      const { result, sql, screened } = await observed(() => sendTransfer(t.app, a.cookie, body, { sca }));
      expect(result.statusCode, result.body).toBe(201);
      expect(Transfer.parse(result.json()).status).toBe('executed');
      expect(screened).toBe(0);
      expect(sql.filter((s) => SCREENING_TABLES.test(s))).toEqual([]);
      const readsFreeze = sql.filter((s) => s.includes('customer_frozen('));
      expect(readsFreeze).toHaveLength(1);
      expect(readsFreeze[0]).toContain('number_free');
    }
    expect(await balances(t.ctx, a.account)).toEqual({ posted: 8_000n, pending: 0n });
  });

  it('a frozen payer’s instant transfer is refused from the account’s state alone: no screening call, no ledger statement', async () => {
    const a = await signedIn(t.ctx, t.app, 10_000);
    const b = await payee(t.ctx, a.customer.id, { name: 'Erika Mustermann', iban: 'DE55370400440532014000' });
    await insertCustomerFreeze(t.ctx.db, a.customer.id, { at: t.clock.now() });
    const body = { accountId: String(a.account.id), beneficiaryId: b.id, amount: 1_000, type: 'instant' };
    const sca = await transferToken(t.ctx, a.customer.id, 1_000, b);
    const { result, sql, screened } = await observed(() => sendTransfer(t.app, a.cookie, body, { sca }));
    expect(Problem.parse(result.json())).toMatchObject({
      code: 'account_frozen',
      detail: ACCOUNT_FROZEN_MESSAGE,
    });
    expect(screened).toBe(0);
    expect(sql.filter((s) => SCREENING_TABLES.test(s))).toEqual([]);
    expect(sql.filter((s) => /ledger_post|ledger_finish|insert into transfers/.test(s))).toEqual([]);
    expect(await balances(t.ctx, a.account)).toEqual({ posted: 10_000n, pending: 0n });
  });
});
