import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../db/types.ts';
import { killHarness, type KillHarness } from '../../testing/kill-harness.ts';
import { spawnServer, type ServerProcess } from '../../testing/server-process.ts';
import type { TestContext } from '../../testing/test-context.ts';
import { httpSignIn, httpTransfer } from './__tests__/http-helpers.ts';
import { party, payee, transferToken, type Party } from './__tests__/helpers.ts';

// The real server as `npm start` runs it, killed with SIGKILL after a transfer's commit and before
// the delivery of its event (docs/events.md#delivery) and the indexing of its entry for the
// operations search (docs/events.md#the-search-index): both are held on locks the money commit never
// takes (the notifications table, the search index's), the server is killed while it waits on them,
// and the next instance delivers the event — the payee's notification and live events exactly
// once — and indexes the entry, once: nothing lost.
describe.skipIf(!process.env.DATABASE_URL)('SIGKILL between a commit and its delivery (PostgreSQL)', () => {
  let harness: KillHarness;
  let db: Db;
  let t: TestContext;
  let env: NodeJS.ProcessEnv;
  let url: string;
  let child: ServerProcess | null = null;
  let payer: Party;
  let receiver: Party;

  beforeAll(async () => {
    harness = await killHarness('delivery-crash');
    ({ db, t, env, url } = harness);
    payer = await party(t.ctx, 50_000, { firstName: 'Hugo', lastName: 'Perrin' });
    receiver = await party(t.ctx, 0, { firstName: 'Lise', lastName: 'Moreau' });
  }, 120_000);

  afterAll(async () => {
    await child?.stop();
    await harness?.close();
  });

  it('delivers the event of a committed transfer once and indexes its entry once, after the instance that committed it was killed', async () => {
    const b = await payee(t.ctx, payer.customer.id, {
      name: 'Lise Moreau',
      iban: receiver.account.iban ?? '',
    });
    const sca = await transferToken(t.ctx, payer.customer.id, 4_200, b);
    child = await spawnServer(env);
    const base = `http://127.0.0.1:${env.PORT}`;
    const cookie = await httpSignIn(base, payer.customer.email, payer.customer.password);

    // Another session holds the notifications table and the search index: a delivery and an
    // indexing wait on them, a payment does not.
    const blocker = new pg.Client({ connectionString: url });
    await blocker.connect();
    await blocker.query('begin');
    await blocker.query('lock table notifications in share mode');
    await blocker.query('lock table ledger_entry_search in share mode');
    let released = false;
    const release = async () => {
      if (released) return;
      released = true;
      await blocker.query('rollback');
      await blocker.end();
    };
    try {
      const res = await httpTransfer(
        base,
        cookie,
        { accountId: String(payer.account.id), beneficiaryId: b.id, amount: 4_200, type: 'instant' },
        { sca },
      );
      expect(res.status, JSON.stringify(res.json)).toBe(201);
      expect(res.json.status).toBe('executed');

      // Committed: the transfer and its event's row; undelivered: the dispatcher waits on the lock.
      const { rows: events } = await db.query<{ type: string; delivered: boolean }>(
        `select type, delivered_at is not null as delivered from domain_events where customer_id = $1`,
        [receiver.customer.id],
      );
      expect(events).toEqual([{ type: 'credit', delivered: false }]);
      await vi.waitFor(
        async () => {
          const { rows } = await db.query<{ waits_on: string }>(
            `select distinct case when query ilike '%insert into notifications%' then 'notifications' else 'search' end as waits_on
               from pg_stat_activity
              where datname = current_database() and wait_event_type = 'Lock'
                and (query ilike '%insert into notifications%' or query ilike '%insert into ledger_entry_search%')
              order by 1`,
          );
          expect(rows).toEqual([{ waits_on: 'notifications' }, { waits_on: 'search' }]);
        },
        { timeout: 10_000, interval: 100 },
      );

      const victim = child;
      victim.kill('SIGKILL');
      await victim.exited;
      expect(victim.signal()).toBe('SIGKILL');
      child = null;
      // The killed instance's indexing is one statement (autocommit), still waiting in its backend:
      // the database ends it as it would on noticing its client gone (client_connection_check_interval,
      // TCP keepalive). Had it run on once the lock went, it would have taken the entry off the queue
      // and indexed it in one commit: once either way.
      await db.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and query ilike '%insert into ledger_entry_search%'
            and pid <> pg_backend_pid()`,
      );
    } finally {
      await release();
    }

    // Nothing of the delivery committed with the killed instance.
    const kept = async () =>
      (
        await db.query<{ kind: string; amount: bigint; counterparty: string }>(
          `select kind, amount, counterparty from notifications where customer_id = $1`,
          [receiver.customer.id],
        )
      ).rows;
    expect(await kept()).toEqual([]);
    const searchState = async () =>
      (
        await db.query<{ queued: number; indexed: number }>(
          `select (select count(*)::int from ledger_entries_unindexed u where u.entry_id = p.entry_id) as queued,
                  (select count(*)::int from ledger_entry_search s where s.entry_id = p.entry_id) as indexed
             from ledger_postings p where p.account_id = $1`,
          [String(receiver.account.id)],
        )
      ).rows;
    expect(await searchState()).toEqual([{ queued: 1, indexed: 0 }]);

    // The next instance's delivery job finds the event and delivers it, once.
    child = await spawnServer(env);
    await vi.waitFor(
      async () => {
        const { rows } = await db.query<{ delivered: boolean }>(
          `select delivered_at is not null and delivery_error is null as delivered from domain_events where customer_id = $1`,
          [receiver.customer.id],
        );
        expect(rows).toEqual([{ delivered: true }]);
      },
      { timeout: 15_000, interval: 100 },
    );
    expect(await kept()).toEqual([{ kind: 'credit', amount: 4_200n, counterparty: 'Hugo Perrin' }]);
    await vi.waitFor(async () => expect(await searchState()).toEqual([{ queued: 0, indexed: 1 }]), {
      timeout: 15_000,
      interval: 100,
    });
    const { rows: live } = await db.query<{ seq: string; type: string }>(
      `select seq::text as seq, event->>'type' as type from live_events where customer_id = $1 order by live_events.seq`,
      [receiver.customer.id],
    );
    expect(live).toEqual([
      { seq: '1', type: 'credit' },
      { seq: '2', type: 'notification' },
    ]);
  }, 120_000);
});
