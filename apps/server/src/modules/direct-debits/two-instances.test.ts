import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../db/postgres.ts';
import { migrate } from '../../db/migrate.ts';
import type { Db } from '../../db/types.ts';
import { customerAccounts, verifyLedger, type LedgerAccount } from '../../ledger/index.ts';
import { createScratchDatabase } from '../../testing/scratch-database.ts';
import { makeTestContext, type TestContext } from '../../testing/test-context.ts';
import { makeCustomer } from '../../testing/customers.ts';
import { fund } from '../transfers/__tests__/testing.ts';
import { executeDueDirectDebits } from './execute-service.ts';
import { announced, announcement, SANDBOX_KEY, setNow } from './__tests__/helpers.ts';

// Two servers (two contexts, two connection pools) on one PostgreSQL run the direct-debit job at the
// same time, three runners each: every due collection is booked exactly once — one ledger entry,
// balances as the collections say — and the short ones are returned AM04 once.
const CUSTOMERS = 6;
const PER_CUSTOMER = 20;
const FUNDING = 30_000;

describe.skipIf(!process.env.DATABASE_URL)('direct-debit job on two instances (PostgreSQL)', () => {
  let dbs: Db[] = [];
  let instances: TestContext[] = [];
  let drop: () => Promise<void>;
  const accounts: LedgerAccount[] = [];

  beforeAll(async () => {
    const scratch = await createScratchDatabase(process.env.DATABASE_URL ?? '');
    drop = () => scratch.drop();
    dbs = [await openPostgres(scratch.url, 8), await openPostgres(scratch.url, 8)];
    await migrate(dbs[0] as Db);
    const config = { rateLimits: false, sandboxApiKey: SANDBOX_KEY };
    instances = [
      await makeTestContext(config, { db: dbs[0] }),
      await makeTestContext(config, { db: dbs[1] }),
    ];
    const ctx = (instances[0] as TestContext).ctx;
    for (let i = 0; i < CUSTOMERS; i++) {
      const customer = await makeCustomer(ctx);
      const account = (await customerAccounts(ctx.db, customer.id))[0];
      if (!account) throw new Error('no account');
      await fund(ctx, account, FUNDING);
      accounts.push(account);
    }
  }, 120_000);

  afterAll(async () => {
    for (const t of instances) await t.close();
    for (const db of dbs) await db.close();
    await drop?.();
  });

  it(`${CUSTOMERS * PER_CUSTOMER} collections, two instances × three runners: each executed exactly once`, async () => {
    const first = instances[0] as TestContext;
    for (const t of instances) setNow(t, '2026-11-18T10:00:00+01:00');
    // 20 collections of 2,000 cents on 30,000: 15 booked, 5 returned AM04, whatever the runner.
    for (const account of accounts) {
      for (let n = 0; n < PER_CUSTOMER; n++) {
        await announced(first, announcement(account.iban ?? '', '2026-11-23', { amount: 2_000 }));
      }
    }
    for (const t of instances) setNow(t, '2026-11-23T08:00:00+01:00');
    const runs = await Promise.all(
      instances.flatMap((t) => [1, 2, 3].map(() => executeDueDirectDebits(t.ctx))),
    );
    expect(runs.reduce((a, b) => a + b, 0)).toBe(CUSTOMERS * PER_CUSTOMER);

    const db = first.ctx.db;
    const outcomes = await db.query<{ status: string; return_reason: string | null; n: bigint }>(
      `select status, return_reason, count(*) as n from direct_debit_collections
        where account_id = any($1::bigint[]) group by 1, 2 order by 1`,
      [accounts.map((a) => String(a.id))],
    );
    expect(outcomes.rows).toEqual([
      { status: 'booked', return_reason: null, n: BigInt(CUSTOMERS * 15) },
      { status: 'returned', return_reason: 'AM04', n: BigInt(CUSTOMERS * 5) },
    ]);
    const entries = await db.query<{ n: bigint; distinct: bigint }>(
      `select count(*) as n, count(distinct metadata->>'directDebitId') as distinct from ledger_entries
        where kind = 'direct_debit'`,
    );
    expect(entries.rows[0]).toEqual({ n: BigInt(CUSTOMERS * 15), distinct: BigInt(CUSTOMERS * 15) });
    for (const account of accounts) {
      const [now] = (await customerAccounts(db, account.customerId ?? '')).filter((a) => a.id === account.id);
      expect(now?.postedBalance).toBe(0n);
    }
    expect(await verifyLedger(db)).toEqual([]);
  }, 120_000);
});
