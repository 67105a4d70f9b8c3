import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../db/postgres.ts';
import type { Db } from '../db/types.ts';
import { makeTestContext, type TestContext } from '../testing/test-context.ts';
import { makeCustomer } from '../testing/customers.ts';
import {
  attachEventDelivery,
  deliverPendingEvents,
  DELIVERY_RETRY_DELAYS_MS,
  retryDelayAfter,
} from './dispatcher.ts';
import { publishCredit, publishSpacesChanged, subscribe } from './index.ts';

// The dispatcher (docs/events.md#delivery): after a publisher's commit, each durable event is
// announced live and handed to its subscribers exactly once, a customer's events in the order they
// were written, whichever instances deliver them; one that cannot be delivered is tried again
// later, its customer's later events waiting for it, and set aside with its error once its attempts
// are spent; it holds up no other customer's.

let t: TestContext;
beforeAll(async () => {
  t = await makeTestContext();
});
afterAll(async () => {
  await t.close();
});

/** A customer's live events as the stream's log numbers them: [seq, event number]. */
async function liveNumbers(db: Db, customerId: string): Promise<[number, string | null][]> {
  const { rows } = await db.query<{ seq: string; number: string | null }>(
    `select seq::text as seq, event->>'number' as number from live_events
      where customer_id = $1 and event->>'type' = 'credit' order by live_events.seq`,
    [customerId],
  );
  return rows.map((r) => [Number(r.seq), r.number]);
}

/** Customers a failing subscriber throws for: always, or this many more times. */
const failing = new Map<string, number>();
subscribe('spaces', async (_ctx, _q, customerId) => {
  const left = failing.get(customerId);
  if (left === undefined || left <= 0) return;
  failing.set(customerId, left - 1);
  throw new Error('the subscriber could not do its work');
});

/** A customer's events as the dispatcher left them, oldest first. */
async function eventStates(db: Db, customerIds: string[]) {
  const { rows } = await db.query<{
    customer_id: string;
    type: string;
    delivered: boolean;
    attempts: number;
    delivery_error: string | null;
  }>(
    `select customer_id::text as customer_id, type, delivered_at is not null as delivered, attempts, delivery_error
       from domain_events where customer_id = any($1::uuid[]) order by domain_events.id`,
    [customerIds],
  );
  return rows;
}

/** The live events of these customers, by type, in the order they were announced. */
async function liveTypes(db: Db, customerId: string): Promise<string[]> {
  const { rows } = await db.query<{ type: string }>(
    `select event->>'type' as type from live_events where customer_id = $1 order by live_events.seq`,
    [customerId],
  );
  return rows.map((r) => r.type);
}

describe('delivery', () => {
  it('delivers after the commit, before the publisher’s transaction returns', async () => {
    const c = await makeCustomer(t.ctx);
    await t.ctx.db.tx((q) =>
      publishCredit(q, c.id, { accountId: '1', amount: 700, counterpartyName: 'Léa Dumas', number: 'N-1' }),
    );
    expect(await liveNumbers(t.ctx.db, c.id)).toEqual([[1, 'N-1']]);
    const { rows } = await t.ctx.db.query<{ kind: string }>(
      `select kind from notifications where customer_id = $1`,
      [c.id],
    );
    expect(rows).toEqual([{ kind: 'credit' }]);
  });

  it('announces a transaction’s events in the order written, numbers past 9 and 99 included', async () => {
    const c = await makeCustomer(t.ctx);
    await t.ctx.db.tx(async (q) => {
      for (let i = 1; i <= 120; i++)
        await publishCredit(q, c.id, {
          accountId: '1',
          amount: i,
          counterpartyName: 'Léa Dumas',
          number: String(i),
        });
    });
    const numbers = (await liveNumbers(t.ctx.db, c.id)).map(([, n]) => n);
    expect(numbers).toEqual(Array.from({ length: 120 }, (_, i) => String(i + 1)));
  });

  it('writes nothing for a publisher whose transaction rolled back', async () => {
    const c = await makeCustomer(t.ctx);
    await expect(
      t.ctx.db.tx(async (q) => {
        await publishCredit(q, c.id, { accountId: '1', amount: 700, counterpartyName: 'X', number: 'N-2' });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await liveNumbers(t.ctx.db, c.id)).toEqual([]);
    const { rows } = await t.ctx.db.query(`select id from domain_events where customer_id = $1`, [c.id]);
    expect(rows).toEqual([]);
  });

  it('tries a failed event again after 1 s, 10 s, 1 min and 5 min, then sets it aside with its error', async () => {
    expect(DELIVERY_RETRY_DELAYS_MS).toEqual([1_000, 10_000, 60_000, 300_000]);
    expect([1, 2, 3, 4, 5].map(retryDelayAfter)).toEqual([1_000, 10_000, 60_000, 300_000, null]);

    const broken = await makeCustomer(t.ctx);
    const fine = await makeCustomer(t.ctx);
    failing.set(broken.id, Number.POSITIVE_INFINITY);
    await t.ctx.db.tx(async (q) => {
      await publishSpacesChanged(q, broken.id);
      await publishSpacesChanged(q, fine.id);
    });
    const error = 'the subscriber could not do its work';
    expect(await eventStates(t.ctx.db, [broken.id, fine.id])).toEqual([
      { customer_id: broken.id, type: 'spaces', delivered: false, attempts: 1, delivery_error: error },
      { customer_id: fine.id, type: 'spaces', delivered: true, attempts: 0, delivery_error: null },
    ]);
    // The failing event's live announcement went with its transaction; the other one's is kept.
    expect(await liveTypes(t.ctx.db, broken.id)).toEqual([]);
    expect(await liveTypes(t.ctx.db, fine.id)).toEqual(['spaces']);

    // Not before its time; then once per delay, and set aside after the fifth failure.
    t.clock.advance(999);
    await deliverPendingEvents(t.ctx.db);
    expect((await eventStates(t.ctx.db, [broken.id]))[0]?.attempts).toBe(1);
    for (const [i, delay] of [1_000, 10_000, 60_000, 300_000].entries()) {
      t.clock.advance(i === 0 ? 1 : delay);
      await deliverPendingEvents(t.ctx.db);
      expect(await eventStates(t.ctx.db, [broken.id])).toEqual([
        {
          customer_id: broken.id,
          type: 'spaces',
          delivered: i === 3,
          attempts: i + 2,
          delivery_error: error,
        },
      ]);
    }
    expect(await liveTypes(t.ctx.db, broken.id)).toEqual([]);
  });

  it('delivers a customer’s later events after the one that failed, once it goes through', async () => {
    const c = await makeCustomer(t.ctx);
    // Twice: the pass that meets it, then the pass that delivers it alone.
    failing.set(c.id, 2);
    await t.ctx.db.tx((q) => publishSpacesChanged(q, c.id));
    await t.ctx.db.tx((q) =>
      publishCredit(q, c.id, { accountId: '1', amount: 700, counterpartyName: 'Léa Dumas', number: 'N-3' }),
    );
    // The credit waits behind the failed event, however many passes run.
    await deliverPendingEvents(t.ctx.db);
    expect(await eventStates(t.ctx.db, [c.id])).toMatchObject([
      { type: 'spaces', delivered: false, attempts: 1 },
      { type: 'credit', delivered: false, attempts: 0 },
    ]);
    expect(await liveTypes(t.ctx.db, c.id)).toEqual([]);

    t.clock.advance(1_000);
    await deliverPendingEvents(t.ctx.db);
    expect(await eventStates(t.ctx.db, [c.id])).toMatchObject([
      { type: 'spaces', delivered: true, attempts: 1 },
      { type: 'credit', delivered: true, attempts: 0 },
    ]);
    expect(await liveTypes(t.ctx.db, c.id)).toEqual(['spaces', 'credit', 'notification']);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('two instances delivering at once (PostgreSQL)', () => {
  const opened: Db[] = [];
  afterAll(async () => {
    for (const db of opened) await db.close();
  });

  it('delivers each event exactly once, each customer’s in the order written', async () => {
    const url = process.env.DATABASE_URL ?? '';
    // The publisher: an instance without a dispatcher, so that everything waits for the two below.
    const publisher = await openPostgres(url, 8);
    const one = await openPostgres(url, 4);
    const two = await openPostgres(url, 4);
    opened.push(publisher, one, two);
    attachEventDelivery({ ...t.ctx, db: one });
    attachEventDelivery({ ...t.ctx, db: two });

    const customers = await Promise.all(Array.from({ length: 6 }, () => makeCustomer(t.ctx)));
    const PER_CUSTOMER = 40;
    // Written concurrently: each customer's in order, customers interleaved.
    await Promise.all(
      customers.map(async (c) => {
        for (let i = 1; i <= PER_CUSTOMER; i++) {
          await publisher.tx((q) =>
            publishCredit(q, c.id, {
              accountId: '1',
              amount: i,
              counterpartyName: 'Léa Dumas',
              number: String(i),
            }),
          );
        }
      }),
    );
    const pending = async () =>
      (
        await publisher.query<{ n: number }>(
          `select count(*)::int as n from domain_events where delivered_at is null and customer_id = any($1::uuid[])`,
          [customers.map((c) => c.id)],
        )
      ).rows[0]?.n ?? 0;
    expect(await pending()).toBe(customers.length * PER_CUSTOMER);

    // Both instances deliver at once, pass after pass, until nothing is left.
    for (let round = 0; round < 50 && (await pending()) > 0; round++) {
      await Promise.all([deliverPendingEvents(one), deliverPendingEvents(two), deliverPendingEvents(one)]);
    }
    expect(await pending()).toBe(0);

    for (const c of customers) {
      const expected = Array.from({ length: PER_CUSTOMER }, (_, i): [number, string] => [
        i + 1,
        String(i + 1),
      ]);
      // Each credit announced once, in order, each numbered after the one before.
      const credits = await liveNumbers(publisher, c.id);
      expect(credits.map(([, n]) => n)).toEqual(expected.map(([, n]) => n));
      const { rows } = await publisher.query<{ n: number }>(
        `select count(*)::int as n from notifications where customer_id = $1`,
        [c.id],
      );
      expect(rows[0]?.n).toBe(PER_CUSTOMER);
    }
  }, 120_000);
});
