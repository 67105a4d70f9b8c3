import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Transfer } from '@comptoir/contracts';
import type { Db, Queryable } from '../../db/types.ts';
import { CUSTOMER_EVENTS_CHANNEL } from '../../events/index.ts';
import { makeTestContext, openOwnTestDb, type TestContext } from '../../testing/test-context.ts';
import { payee, sendTransfer, signedIn, transferToken } from './__tests__/helpers.ts';

// The money commit holds only money (docs/events.md): an on-us transfer's transaction writes the
// ledger entry, the transfer, the token's use, the idempotency record and ONE durable event row —
// no NOTIFY (PostgreSQL serialises every committing transaction that notified on one global lock),
// no live event, no notification, no push message. Those follow its commit, in the dispatcher's
// own transaction, which the request awaits: the payee still sees the credit at once.

/** The statements of each transaction sent through the application's database, in order. */
let transactions: string[][] = [];
const recording = (q: Queryable, into: string[]): Queryable => ({
  query: (sql, params, options) => {
    into.push(sql);
    return q.query(sql, params, options);
  },
  ...(q.afterCommit ? { afterCommit: q.afterCommit.bind(q) } : {}),
});

let base: Db;
let t: TestContext;
beforeAll(async () => {
  base = await openOwnTestDb();
  const db: Db = {
    ...base,
    tx: (fn) =>
      base.tx((q) => {
        const statements: string[] = [];
        transactions.push(statements);
        return fn(recording(q, statements));
      }),
  };
  t = await makeTestContext({ rateLimits: false }, { db });
});
afterAll(async () => {
  await t.close();
  await base.close();
});

const NOTIFY = /\bnotify\b|pg_notify/i;

describe('the money commit', () => {
  it('writes one event row, issues no NOTIFY and leaves the search index to after it; the payee’s credit and its notification are announced after it', async () => {
    const payer = await signedIn(t.ctx, t.app, 10_000);
    const other = await signedIn(t.ctx, t.app, 0, { firstName: 'Aline', lastName: 'Roux' });
    const b = await payee(t.ctx, payer.customer.id, { name: 'Aline Roux', iban: other.account.iban ?? '' });
    const heard: { customer: string; type: string }[] = [];
    const unlisten = await base.listen(CUSTOMER_EVENTS_CHANNEL, (payload) => {
      const message = JSON.parse(payload) as { c: string; e: { type: string } };
      heard.push({ customer: message.c, type: message.e.type });
    });
    try {
      const sca = await transferToken(t.ctx, payer.customer.id, 2_500, b);
      transactions = [];
      const res = await sendTransfer(
        t.app,
        payer.cookie,
        { accountId: String(payer.account.id), beneficiaryId: b.id, amount: 2_500, type: 'instant' },
        { sca },
      );
      expect(res.statusCode, res.body).toBe(201);
      expect(Transfer.parse(res.json()).status).toBe('executed');

      const money = transactions.filter((statements) => statements.some((s) => s.includes('ledger_post(')));
      expect(money).toHaveLength(1);
      const commit = money[0] ?? [];
      expect(commit.filter((s) => NOTIFY.test(s))).toEqual([]);
      expect(commit.filter((s) => /insert into domain_events/.test(s))).toHaveLength(1);
      expect(
        commit.filter((s) => /\b(live_events|live_event_heads|notifications|push_deliveries)\b/.test(s)),
      ).toEqual([]);
      // The NOTIFY is the delivery's, in its own transaction, with the event's delivery mark.
      const deliveries = transactions.filter((statements) =>
        statements.some((s) => s.includes('update domain_events set delivered_at')),
      );
      expect(deliveries).toHaveLength(1);
      expect((deliveries[0] ?? []).filter((s) => NOTIFY.test(s)).length).toBeGreaterThanOrEqual(1);

      // No trigger or function of the schema notifies behind a statement's back.
      const { rows: notifying } = await base.query<{ name: string }>(
        `select p.proname as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
          where n.nspname = current_schema() and p.prosrc ~* 'notify'`,
      );
      expect(notifying).toEqual([]);

      // Nor the operations search's index: the entry's insert queues its id (migration 0061); no
      // statement of the commit, no function or generated column writes the index.
      expect(commit.filter((s) => /ledger_entry_search/.test(s))).toEqual([]);
      const { rows: indexing } = await base.query<{ name: string }>(
        `select p.proname as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
          where n.nspname = current_schema() and p.prosrc ~* 'ledger_entry_search'
         union all
         select attname from pg_attribute where attrelid = 'ledger_entries'::regclass and attgenerated <> ''`,
      );
      expect(indexing).toEqual([]);

      // After the commit: the payee heard the credit and its notification, the payer nothing.
      await expect.poll(() => heard.length).toBe(2);
      expect(heard).toEqual([
        { customer: other.customer.id, type: 'credit' },
        { customer: other.customer.id, type: 'notification' },
      ]);
      const { rows } = await base.query<{ kind: string; amount: bigint; counterparty: string }>(
        `select kind, amount, counterparty from notifications where customer_id = $1`,
        [other.customer.id],
      );
      expect(rows).toEqual([{ kind: 'credit', amount: 2_500n, counterparty: expect.any(String) }]);
      const { rows: pending } = await base.query(`select id from domain_events where delivered_at is null`);
      expect(pending).toEqual([]);
      // …and the payer finds it by its payee's name as soon as its answer came.
      const found = await t.app.inject({
        method: 'GET',
        url: `/api/accounts/${payer.account.id}/transactions?q=roux`,
        headers: { cookie: payer.cookie },
      });
      expect(found.json<{ items: { counterpartyName: string }[] }>().items).toEqual([
        expect.objectContaining({ counterpartyName: 'Aline Roux' }),
      ]);
    } finally {
      await unlisten();
    }
  });
});
