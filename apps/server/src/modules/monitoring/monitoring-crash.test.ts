import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../db/types.ts';
import { killHarness, type KillHarness } from '../../testing/kill-harness.ts';
import { spawnServer, type ServerProcess } from '../../testing/server-process.ts';
import type { TestContext } from '../../testing/test-context.ts';
import {
  httpSignIn,
  httpTransfer,
  party,
  payee,
  transferToken,
  type Party,
} from '../transfers/__tests__/testing.ts';

// The real server as `npm start` runs it, SIGKILLed after a transfer's commit: once while the entry's
// legs are being handed to the monitoring's feed, once while the monitoring's pass evaluates them
// (docs/monitoring.md#the-feed-every-movement-once-after-the-commit). Each time a lock the money
// commit never takes holds the step, the server is killed while it waits, and the next instance
// evaluates the transfer: its « new payee, large amount » hit is recorded exactly once.
describe.skipIf(!process.env.DATABASE_URL)('SIGKILL between a commit and its monitoring (PostgreSQL)', () => {
  let harness: KillHarness;
  let db: Db;
  let t: TestContext;
  let env: NodeJS.ProcessEnv;
  let url: string;
  let child: ServerProcess | null = null;
  let payer: Party;

  beforeAll(async () => {
    harness = await killHarness('monitoring-crash');
    ({ db, t, env, url } = harness);
    payer = await party(t.ctx, 2_000_000, { firstName: 'Hugo', lastName: 'Perrin' });
  }, 120_000);

  afterAll(async () => {
    await child?.stop();
    await harness?.close();
  });

  /** 6,000 € to a payee added a moment ago, answered 201 by the running server. */
  async function largeTransferToNewPayee(lastName: string): Promise<string> {
    const receiver = await party(t.ctx, 0, { firstName: 'Lise', lastName });
    const b = await payee(t.ctx, payer.customer.id, {
      name: `Lise ${lastName}`,
      iban: receiver.account.iban ?? '',
    });
    const sca = await transferToken(t.ctx, payer.customer.id, 600_000, b);
    const base = `http://127.0.0.1:${env.PORT}`;
    const cookie = await httpSignIn(base, payer.customer.email, payer.customer.password);
    const res = await httpTransfer(
      base,
      cookie,
      { accountId: String(payer.account.id), beneficiaryId: b.id, amount: 600_000, type: 'instant' },
      { sca },
    );
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    return String(res.json.number);
  }

  /** The payer's hits on the transfer's entry. */
  const hitsOn = async (number: string) =>
    (
      await db.query<{ rule: string }>(
        `select h.rule from monitoring_hits h join ledger_entries e on e.id = h.entry_id
          where e.number = $1 and h.customer_id = $2`,
        [number, payer.customer.id],
      )
    ).rows.map((r) => r.rule);

  const feedOf = async (number: string) =>
    (
      await db.query<{ n: number }>(
        `select count(*)::int as n from ledger_movements_unmonitored f join ledger_entries e on e.id = f.entry_id
          where e.number = $1`,
        [number],
      )
    ).rows[0]?.n;

  /**
   * Holds `table` in share mode while `act` runs (a transfer, answered), then kills the server once
   * one of its statements waits on the table, and lets go.
   */
  async function killWhileWaitingOn<T>(table: string, statement: string, act: () => Promise<T>): Promise<T> {
    const blocker = new pg.Client({ connectionString: url });
    await blocker.connect();
    await blocker.query('begin');
    await blocker.query(`lock table ${table} in share mode`);
    try {
      const result = await act();
      await vi.waitFor(
        async () => {
          const { rows } = await db.query<{ n: number }>(
            `select count(*)::int as n from pg_stat_activity
              where datname = current_database() and wait_event_type = 'Lock' and query ilike $1`,
            [`%${statement}%`],
          );
          expect(rows[0]?.n).toBeGreaterThan(0);
        },
        { timeout: 15_000, interval: 100 },
      );
      const victim = child;
      victim?.kill('SIGKILL');
      await victim?.exited;
      expect(victim?.signal()).toBe('SIGKILL');
      child = null;
      // The killed instance's waiting statement ends as the database ends it on noticing its client gone.
      await db.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and query ilike $1 and pid <> pg_backend_pid()`,
        [`%${statement}%`],
      );
      return result;
    } finally {
      await blocker.query('rollback');
      await blocker.end();
    }
  }

  it('killed while handing the movement to the feed: the next instance evaluates it, once', async () => {
    child = await spawnServer(env);
    const number = await killWhileWaitingOn(
      'ledger_movements_unmonitored',
      'insert into ledger_movements_unmonitored',
      () => largeTransferToNewPayee('Moreau'),
    );
    expect(await hitsOn(number)).toEqual([]);
    expect(await feedOf(number)).toBe(0);

    child = await spawnServer(env);
    await vi.waitFor(async () => expect(await hitsOn(number)).toEqual(['new_payee_large_amount']), {
      timeout: 15_000,
      interval: 200,
    });
    await child.stop();
    child = null;
    expect(await hitsOn(number)).toEqual(['new_payee_large_amount']);
  }, 120_000);

  it('killed while evaluating it: the movement goes back to the feed, and the next instance evaluates it, once', async () => {
    child = await spawnServer(env);
    const number = await killWhileWaitingOn('monitoring_hits', 'insert into monitoring_hits', () =>
      largeTransferToNewPayee('Girard'),
    );
    expect(await hitsOn(number)).toEqual([]);
    // The killed pass never committed: the movement is in the feed again.
    expect(await feedOf(number)).toBeGreaterThan(0);

    child = await spawnServer(env);
    await vi.waitFor(async () => expect(await hitsOn(number)).toEqual(['new_payee_large_amount']), {
      timeout: 15_000,
      interval: 200,
    });
    expect(await feedOf(number)).toBe(0);
  }, 120_000);
});
