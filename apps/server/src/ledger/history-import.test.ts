import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../errors.ts';
import { fundedAccount } from '../testing/ledger-fixtures.ts';
import { makeTestContext, type TestContext } from '../testing/test-context.ts';
import { customerAccount, glAccount, importPostedHistory, ledgerCounts, verifyLedger } from './index.ts';

let t: TestContext;
beforeAll(async () => {
  // Counts every entry of the ledger: a database of its own.
  t = await makeTestContext({}, { ownDatabase: true });
});
afterAll(() => t.close());

const at = (iso: string) => new Date(iso);

describe('importing a posted history in bulk', () => {
  it('books every row with running balances, moves the opening back and keeps the invariants', async () => {
    const account = await t.ctx.db.tx((q) => fundedAccount(q, 1_000));
    const before = await ledgerCounts(t.ctx.db);
    const result = await t.ctx.db.tx(async (q) =>
      importPostedHistory(q, account.id, (await glAccount(q, 'gl:sepa-clearing')).id, [
        { at: at('2024-01-05T10:00:00Z'), amount: 5_000n, kind: 'transfer', counterpartyName: 'Employeur' },
        { at: at('2024-01-06T10:00:00Z'), amount: -1_234n, kind: 'card', counterpartyName: 'Café' },
        { at: at('2024-02-01T10:00:00Z'), amount: -4_000n, kind: 'direct_debit', reference: 'Loyer' },
      ]),
    );
    expect(result).toEqual({ entries: 3, balance: 1_000n + 5_000n - 1_234n - 4_000n });
    const after = await customerAccount(t.ctx.db, account.customerId!, account.id);
    expect(after.postedBalance).toBe(766n);
    expect(after.openedAt.toISOString()).toBe('2024-01-05T10:00:00.000Z');
    const counts = await ledgerCounts(t.ctx.db);
    expect(counts.entries - before.entries).toBe(3n);
    const { rows } = await t.ctx.db.query<{ balance_after: bigint; entry_posted_at: Date }>(
      `select balance_after, entry_posted_at from ledger_postings where account_id = $1 order by entry_id`,
      [String(account.id)],
    );
    expect(rows.map((r) => r.balance_after)).toEqual([1_000n, 6_000n, 4_766n, 766n]);
    expect(rows[3]?.entry_posted_at.toISOString()).toBe('2024-02-01T10:00:00.000Z');
    expect(await verifyLedger(t.ctx.db)).toEqual([]);
  });

  it('writes nothing when the running balance would go below zero', async () => {
    const account = await t.ctx.db.tx((q) => fundedAccount(q, 100));
    const before = await ledgerCounts(t.ctx.db);
    const refused = t.ctx.db.tx(async (q) =>
      importPostedHistory(q, account.id, (await glAccount(q, 'gl:sepa-clearing')).id, [
        { at: at('2024-01-05T10:00:00Z'), amount: -50n, kind: 'card' },
        { at: at('2024-01-06T10:00:00Z'), amount: -51n, kind: 'card' },
      ]),
    );
    await expect(refused).rejects.toBeInstanceOf(AppError);
    expect(await ledgerCounts(t.ctx.db)).toEqual(before);
    expect((await customerAccount(t.ctx.db, account.customerId!, account.id)).postedBalance).toBe(100n);
  });
});
