import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../db/types.ts';
import { customerAccounts, verifyLedger, type LedgerAccount } from '../../ledger/index.ts';
import { killHarness, type KillHarness } from '../../testing/kill-harness.ts';
import { spawnServer, type ServerProcess } from '../../testing/server-process.ts';
import type { TestContext } from '../../testing/test-context.ts';
import { makeCustomer, type TestCustomer } from '../../testing/customers.ts';
import type { BeneficiaryRow } from '../beneficiaries/index.ts';
import { httpSignIn, httpTransfer, pool } from './__tests__/http-helpers.ts';
import { fund, payee, transferToken } from './__tests__/helpers.ts';

// The real server as `npm start` runs it, killed with SIGKILL in the middle of a run of transfers,
// then started again on the same database: no acknowledged transfer is lost, no reservation is left
// without its transfer, and once recovery has run no transfer is half-done.
const CUSTOMERS = 8;
const PLANNED = 600;
const RAIL_TIMEOUT_MS = 400;

describe.skipIf(!process.env.DATABASE_URL)('SIGKILL in the middle of a run of transfers (PostgreSQL)', () => {
  let harness: KillHarness;
  let db: Db;
  let t: TestContext;
  let env: NodeJS.ProcessEnv;
  let child: ServerProcess | null = null;
  const members: { customer: TestCustomer; account: LedgerAccount; payees: BeneficiaryRow[] }[] = [];

  beforeAll(async () => {
    harness = await killHarness('crash', { INSTANT_RAIL_TIMEOUT_MS: String(RAIL_TIMEOUT_MS) });
    ({ db, t, env } = harness);
    const base: { customer: TestCustomer; account: LedgerAccount }[] = [];
    for (let i = 0; i < CUSTOMERS; i++) {
      const customer = await makeCustomer(t.ctx);
      const account = (await customerAccounts(db, customer.id))[0];
      if (!account) throw new Error('no account');
      await fund(t.ctx, account, 1_000_000);
      base.push({ customer, account });
    }
    for (const [i, m] of base.entries()) {
      const other = base[(i + 1) % CUSTOMERS];
      members.push({
        ...m,
        payees: [
          await payee(t.ctx, m.customer.id, { name: 'Camille Martin', iban: other?.account.iban ?? '' }),
          await payee(t.ctx, m.customer.id, { name: 'Erika Mustermann', iban: 'DE55370400440532014000' }),
          // The bank that never answers: its transfers stay reserved for the rail's timeout.
          await payee(t.ctx, m.customer.id, { name: 'Paul Weber', iban: 'DE71370400440532014003' }),
        ],
      });
    }
  }, 120_000);

  afterAll(async () => {
    await child?.stop();
    await harness?.close();
  });

  it('loses no acknowledged transfer and leaves no reservation without its transfer', async () => {
    child = await spawnServer(env);
    const url = `http://127.0.0.1:${env.PORT}`;
    const cookies = await Promise.all(
      members.map((m) => httpSignIn(url, m.customer.email, m.customer.password)),
    );
    const plans: { cookie: string; body: Record<string, unknown>; sca: string }[] = [];
    for (let i = 0; i < PLANNED; i++) {
      const k = randomInt(CUSTOMERS);
      const m = members[k];
      const mode = i % 10; // 0–4 instant on-us, 5–6 instant settled elsewhere, 7 instant unanswered, 8–9 one-off
      const b = m?.payees[mode <= 4 ? 0 : mode <= 6 ? 1 : mode === 7 ? 2 : randomInt(2)];
      if (!m || !b) throw new Error('no plan');
      const amount = 1 + randomInt(2_000);
      plans.push({
        cookie: cookies[k] ?? '',
        body: {
          accountId: String(m.account.id),
          beneficiaryId: b.id,
          amount,
          type: mode >= 8 ? 'standard' : 'instant',
        },
        sca: await transferToken(t.ctx, m.customer.id, amount, b),
      });
    }

    const acked = new Map<string, string>();
    let failed = 0;
    let killed = false;
    const victim = child;
    await pool(PLANNED, 16, async (i) => {
      const plan = plans[i];
      if (!plan || killed) return;
      try {
        const res = await httpTransfer(url, plan.cookie, plan.body, { key: `crash-run-${i}`, sca: plan.sca });
        if (res.status === 201) acked.set(String(res.json.id), String(res.json.status));
        else failed++;
      } catch {
        failed++;
      }
      if (!killed && acked.size >= PLANNED / 3) {
        killed = true;
        victim.kill('SIGKILL');
      }
    });
    await victim.exited;
    expect(victim.signal()).toBe('SIGKILL');
    console.log(`acknowledged before the kill: ${acked.size}; cut off: ${failed}`);
    expect(acked.size).toBeGreaterThanOrEqual(PLANNED / 3);

    // Between the kill and the restart: every reservation has its transfer.
    const orphans = async () =>
      (
        await db.query(
          `select e.id from ledger_entries e
            where e.status = 'pending' and not exists (select 1 from transfers t where t.entry_id = e.id)`,
        )
      ).rows;
    expect(await orphans()).toEqual([]);
    const stuck = await db.query(`select id from transfers where type = 'instant' and status = 'pending'`);
    console.log(`instant transfers the kill left pending: ${stuck.rows.length}`);

    child = await spawnServer(env);
    // Recovery (every 5 s) finishes the instant transfers the kill left pending.
    await vi.waitFor(
      async () => {
        const { rows } = await db.query(
          `select id from transfers where type = 'instant' and status = 'pending'`,
        );
        expect(rows).toEqual([]);
      },
      { timeout: 30_000, interval: 250 },
    );

    const { rows } = await db.query<{
      id: string;
      status: string;
      type: string;
      entry_status: string | null;
    }>(
      `select t.id, t.status, t.type, e.status as entry_status
         from transfers t left join ledger_entries e on e.id = t.entry_id`,
    );
    const stored = new Map(rows.map((r) => [r.id, r]));
    for (const [id, status] of acked) {
      const row = stored.get(id);
      expect(row, id).toBeDefined();
      // What was answered as final stays so; what was answered pending may have finished since.
      if (status !== 'pending') expect(row?.status, id).toBe(status);
    }
    const expectedEntry: Record<string, string> = {
      executed: 'posted',
      pending: 'pending',
      rejected: 'voided',
    };
    for (const r of rows) {
      expect(r.entry_status, `${r.type} ${r.status}`).toBe(expectedEntry[r.status]);
      if (r.status === 'pending') expect(r.type).toBe('standard');
    }
    expect(await orphans()).toEqual([]);
    expect(await verifyLedger(db)).toEqual([]);
  }, 240_000);
});
