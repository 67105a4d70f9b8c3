import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateTransferRequest } from '@comptoir/contracts';
import { openPostgres } from '../../db/postgres.ts';
import { migrate } from '../../db/migrate.ts';
import type { Db } from '../../db/types.ts';
import { customerAccounts, verifyLedger, type LedgerAccount } from '../../ledger/index.ts';
import { createScratchDatabase } from '../../testing/scratch-database.ts';
import { makeTestContext, type TestContext } from '../../testing/test-context.ts';
import { makeCustomer, type TestCustomer } from '../../testing/customers.ts';
import { createTransfer } from './create-transfer-service.ts';
import { executeDueTransfers } from './execute-due-service.ts';
import { pool } from './__tests__/http-helpers.ts';
import { fund, payee, transferToken } from './__tests__/helpers.ts';

// Jobs across instances: two servers (two contexts, two connection pools) on one PostgreSQL run the
// execute-due job at the same time, three runners each. Each due transfer must be executed exactly
// once: one ledger entry, one next occurrence per series, balances as the transfers say.
const DUE = 500;
const CUSTOMERS = 20;
const FUNDING = 1_000_000;

describe.skipIf(!process.env.DATABASE_URL)('execute-due job on two instances (PostgreSQL)', () => {
  let dbs: Db[] = [];
  let instances: TestContext[] = [];
  let drop: () => Promise<void>;
  const members: { customer: TestCustomer; account: LedgerAccount }[] = [];

  const setNow = (iso: string) => {
    for (const t of instances) t.clock.advance(Date.parse(iso) - t.clock.now().getTime());
  };

  beforeAll(async () => {
    const scratch = await createScratchDatabase(process.env.DATABASE_URL ?? '');
    drop = () => scratch.drop();
    dbs = [await openPostgres(scratch.url, 8), await openPostgres(scratch.url, 8)];
    await migrate(dbs[0] as Db);
    instances = [
      await makeTestContext({ rateLimits: false }, { db: dbs[0] }),
      await makeTestContext({ rateLimits: false }, { db: dbs[1] }),
    ];
    const ctx = (instances[0] as TestContext).ctx;
    for (let i = 0; i < CUSTOMERS; i++) {
      const customer = await makeCustomer(ctx);
      const account = (await customerAccounts(ctx.db, customer.id))[0];
      if (!account) throw new Error('no account');
      await fund(ctx, account, FUNDING);
      members.push({ customer, account });
    }
  }, 120_000);

  afterAll(async () => {
    for (const t of instances) await t.close();
    for (const db of dbs) await db.close();
    await drop?.();
  });

  it(`${DUE} due transfers, two instances × three runners: each executed exactly once`, async () => {
    setNow('2027-03-02T09:00:00+01:00'); // a Tuesday; the next business day is 3 March
    const ctx = (instances[0] as TestContext).ctx;
    const amounts = new Map<string, { from: string; to: string | null; amount: number; series: boolean }>();
    await pool(DUE, 8, async (i) => {
      const from = members[i % CUSTOMERS];
      const to = members[(i * 7 + 3) % CUSTOMERS];
      if (!from || !to) throw new Error('no member');
      const onUs = i % 2 === 0 && to !== from;
      const b = await payee(
        ctx,
        from.customer.id,
        onUs
          ? { name: 'Camille Martin', iban: to.account.iban ?? '' }
          : { name: 'Erika Mustermann', iban: 'DE55370400440532014000' },
      );
      const amount = 1 + randomInt(5_000);
      const mode = i % 10; // 0–5 standard timing (reserved now), 6–8 scheduled for tomorrow, 9 monthly series
      const body: CreateTransferRequest = {
        accountId: String(from.account.id),
        beneficiaryId: b.id,
        amount,
        reference: `Lot ${i}`,
        type: 'standard',
        ...(mode >= 6 ? { executionDate: '2027-03-03' } : {}),
        ...(mode === 9 ? { repeat: { frequency: 'monthly' as const, count: 3 } } : {}),
      };
      const result = await createTransfer(ctx, from.customer.id, {
        idempotencyKey: `due-transfer-${i}`,
        scaToken: await transferToken(ctx, from.customer.id, amount, b, body),
        body,
      });
      amounts.set(result.body.id, {
        from: from.customer.id,
        to: onUs ? to.customer.id : null,
        amount,
        series: mode === 9,
      });
    });
    expect(amounts.size).toBe(DUE);

    setNow('2027-03-03T08:00:00+01:00');
    const runs = await Promise.all(instances.flatMap((t) => [1, 2, 3].map(() => executeDueTransfers(t.ctx))));
    const perInstance = [runs.slice(0, 3), runs.slice(3)].map((r) => r.reduce((a, b) => a + b, 0));
    console.log(`executed by instance: ${perInstance.join(' + ')} (runners: ${runs.join(', ')})`);
    expect(perInstance[0]! + perInstance[1]!).toBe(DUE);

    const { rows } = await ctx.db.query<{
      id: string;
      status: string;
      entry_id: bigint;
      entry_status: string;
    }>(
      `select t.id, t.status, t.entry_id, e.status as entry_status
         from transfers t left join ledger_entries e on e.id = t.entry_id where t.occurrence = 1`,
    );
    expect(rows).toHaveLength(DUE);
    for (const r of rows) expect(r, r.id).toMatchObject({ status: 'executed', entry_status: 'posted' });
    // One entry per transfer: nothing booked twice.
    const twice = await ctx.db.query(
      `select metadata->>'transferId' as id from ledger_entries where metadata ? 'transferId'
        group by 1 having count(*) > 1`,
    );
    expect(twice.rows).toEqual([]);
    // One next occurrence per series, planned for 3 April.
    const next = await ctx.db.query<{ series_id: string; n: bigint; d: string }>(
      `select series_id, count(*) as n, min(execution_date)::text as d from transfers where occurrence = 2 group by 1`,
    );
    expect(next.rows).toHaveLength([...amounts.values()].filter((a) => a.series).length);
    for (const r of next.rows) expect(r).toMatchObject({ n: 1n, d: '2027-04-03' });

    const expected = new Map(members.map((m) => [m.customer.id, BigInt(FUNDING)]));
    for (const a of amounts.values()) {
      expected.set(a.from, (expected.get(a.from) ?? 0n) - BigInt(a.amount));
      if (a.to) expected.set(a.to, (expected.get(a.to) ?? 0n) + BigInt(a.amount));
    }
    for (const m of members) {
      const account = (await customerAccounts(ctx.db, m.customer.id))[0];
      expect({ posted: account?.postedBalance, pending: account?.pendingDebits }).toEqual({
        posted: expected.get(m.customer.id),
        pending: 0n,
      });
    }
    expect(await verifyLedger(ctx.db)).toEqual([]);
  }, 120_000);

  it('a crash between the claim and the booking leaves nothing half-done; the next run executes it', async () => {
    setNow('2027-05-03T09:00:00+02:00'); // Monday; due on Tuesday 4 May
    const [first, second] = instances as [TestContext, TestContext];
    const m = members[0];
    if (!m) throw new Error('no member');
    const b = await payee(first.ctx, m.customer.id, {
      name: 'Erika Mustermann',
      iban: 'DE55370400440532014000',
    });
    const { body: transfer } = await createTransfer(first.ctx, m.customer.id, {
      idempotencyKey: 'crash-between-claim-and-booking',
      scaToken: await transferToken(first.ctx, m.customer.id, 1_234, b),
      body: {
        accountId: String(m.account.id),
        beneficiaryId: b.id,
        amount: 1_234,
        reference: '',
        type: 'standard',
      },
    });
    setNow('2027-05-04T08:00:00+02:00');
    // An instance whose process dies right after booking the entry, before marking the transfer.
    const db = first.ctx.db;
    const crashing: Db = {
      ...db,
      tx: (fn) =>
        db.tx((q) =>
          fn({
            query: (sql, params) => {
              if (sql.trimStart().startsWith('update transfers set status'))
                throw new Error('process killed');
              return q.query(sql, params);
            },
          }),
        ),
    };
    await expect(executeDueTransfers({ ...first.ctx, db: crashing })).rejects.toThrow('process killed');
    const after = await first.ctx.db.query<{ status: string; entry_status: string; claimed_at: Date | null }>(
      `select t.status, e.status as entry_status, t.claimed_at from transfers t join ledger_entries e on e.id = t.entry_id
        where t.id = $1`,
      [transfer.id],
    );
    expect(after.rows[0]).toEqual({ status: 'pending', entry_status: 'pending', claimed_at: null });
    // (the series' April occurrences are due by now too)
    expect(await executeDueTransfers(second.ctx)).toBeGreaterThanOrEqual(1);
    const done = await first.ctx.db.query<{ status: string; entry_status: string }>(
      `select t.status, e.status as entry_status from transfers t join ledger_entries e on e.id = t.entry_id
        where t.id = $1`,
      [transfer.id],
    );
    expect(done.rows[0]).toEqual({ status: 'executed', entry_status: 'posted' });
    expect(await verifyLedger(first.ctx.db)).toEqual([]);
  });
});
