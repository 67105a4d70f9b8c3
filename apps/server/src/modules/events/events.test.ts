import { randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeTestContext, MUTATION, type TestContext } from '../../testing/test-context.ts';
import { CUSTOMER_COOKIE } from '../../http/cookies.ts';
import { resolveCustomerSession } from '../auth/index.ts';
import { newApplicant } from '../onboarding/__tests__/testing.ts';
import { newOperator, signIn, withOperator } from '../operators/__tests__/testing.ts';
import { liveHub } from './hub.ts';
import { openLiveStream } from './live-service.ts';
import { publishSessionsChanged, publishSpacesChanged, publishStatus } from '../../events/index.ts';
import { readEventStream } from './__tests__/helpers.ts';
import { MAX_STREAMS_PER_CUSTOMER, MAX_STREAMS_PER_SESSION } from './stream-limit.ts';
import { makeCustomer, signIn as signInCustomer } from '../../testing/customers.ts';

let t: TestContext;
let base: string;
let operator: string;

beforeAll(async () => {
  t = await makeTestContext({ rateLimits: false });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  operator = await signIn(t, await newOperator(t, 'compliance'));
});
afterAll(() => t.close());

const redisAnswers = (url: string) =>
  new Promise<boolean>((done) => {
    const { hostname, port } = new URL(url);
    const socket = connect({ host: hostname, port: Number(port || 6379) });
    socket.setTimeout(500);
    socket.once('connect', () => (socket.destroy(), done(true)));
    socket.once('error', () => done(false));
    socket.once('timeout', () => (socket.destroy(), done(false)));
  });

/** The number of the customer's latest event (opening an application already announced some). */
const head = async (customerId: string): Promise<number> =>
  Number(
    (
      await t.ctx.db.query<{ n: string }>(
        `select coalesce(max(last_seq), 0)::text as n from live_event_heads where customer_id = $1`,
        [customerId],
      )
    ).rows[0]?.n,
  );

describe('GET /api/events', () => {
  it('refuses a caller without a customer session', async () => {
    const stream = await readEventStream(`${base}/api/events`);
    expect(stream.response.statusCode).toBe(401);
    expect(stream.response.headers['content-type']).toContain('application/problem+json');
    stream.close();
  });

  it('sends the current status, then the approval within seconds (server push)', async () => {
    const a = await newApplicant(t);
    const stream = await readEventStream(`${base}/api/events`, `${CUSTOMER_COOKIE}=${a.session}`);
    try {
      expect(stream.response.statusCode).toBe(200);
      expect(stream.response.headers['content-type']).toBe('text/event-stream; charset=utf-8');
      expect(stream.response.headers['cache-control']).toBe('no-store');
      expect(await stream.next(1)).toEqual([{ type: 'status', status: 'pending_review' }]);

      const started = Date.now();
      const approve = await t.app.inject({
        method: 'POST',
        url: `/api/backoffice/customers/${a.id}/approve`,
        headers: MUTATION,
        cookies: withOperator(operator),
        payload: {},
      });
      expect(approve.statusCode).toBe(200);
      expect(await stream.next(2)).toEqual([
        { type: 'status', status: 'pending_review' },
        { type: 'status', status: 'active' },
      ]);
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      stream.close();
    }
  });

  it('delivers only to the customer concerned, and only committed changes', async () => {
    const a = await newApplicant(t);
    const b = await newApplicant(t);
    const streamA = await readEventStream(`${base}/api/events`, `${CUSTOMER_COOKIE}=${a.session}`);
    try {
      await streamA.next(1);
      await t.ctx.db
        .tx(async (q) => {
          await publishStatus(q, a.id, 'active');
          throw new Error('rolled back');
        })
        .catch(() => undefined);
      await t.app.inject({
        method: 'POST',
        url: `/api/backoffice/customers/${b.id}/reject`,
        headers: MUTATION,
        cookies: withOperator(operator),
        payload: { reason: 'Test' },
      });
      await t.app.inject({
        method: 'POST',
        url: `/api/backoffice/customers/${a.id}/request-corrections`,
        headers: MUTATION,
        cookies: withOperator(operator),
        payload: { reasons: ['Photo floue'] },
      });
      expect(await streamA.next(2)).toEqual([
        { type: 'status', status: 'pending_review' },
        { type: 'status', status: 'corrections_requested' },
      ]);
    } finally {
      streamA.close();
    }
  });

  it('releases the subscription when the client goes away', async () => {
    const a = await newApplicant(t);
    const hub = liveHub(t.ctx.db);
    const before = hub.size;
    const stream = await readEventStream(`${base}/api/events`, `${CUSTOMER_COOKIE}=${a.session}`);
    await stream.next(1);
    expect(hub.size).toBe(before + 1);
    stream.close();
    await vi.waitFor(() => expect(hub.size).toBe(before), { timeout: 5_000 });
  });

  it(`caps the streams one session may hold open at ${MAX_STREAMS_PER_SESSION}: 429 problem beyond, a slot again once one closes`, async () => {
    const a = await newApplicant(t);
    const cookie = `${CUSTOMER_COOKIE}=${a.session}`;
    const streams = [];
    try {
      for (let i = 0; i < MAX_STREAMS_PER_SESSION; i++) {
        const stream = await readEventStream(`${base}/api/events`, cookie);
        streams.push(stream);
        expect(stream.response.statusCode).toBe(200);
        await stream.next(1);
      }
      const refused = await readEventStream(`${base}/api/events`, cookie);
      expect(refused.response.statusCode).toBe(429);
      expect(refused.response.headers['content-type']).toContain('application/problem+json');
      refused.close();

      // Another session of someone else is not affected.
      const other = await newApplicant(t);
      const theirs = await readEventStream(`${base}/api/events`, `${CUSTOMER_COOKIE}=${other.session}`);
      streams.push(theirs);
      expect(theirs.response.statusCode).toBe(200);

      streams[0]?.close();
      let again = await readEventStream(`${base}/api/events`, cookie);
      for (let i = 0; i < 50 && again.response.statusCode === 429; i++) {
        again.close();
        await new Promise((r) => setTimeout(r, 20));
        again = await readEventStream(`${base}/api/events`, cookie);
      }
      streams.push(again);
      expect(again.response.statusCode).toBe(200);
    } finally {
      for (const stream of streams) stream.close();
    }
  });

  it(`caps the streams one customer may hold open across sessions at ${MAX_STREAMS_PER_CUSTOMER}: 429 beyond`, async () => {
    const customer = await makeCustomer(t.ctx);
    const cookies = [];
    for (let i = 0; i < 6; i++) cookies.push(await signInCustomer(t.app, customer));
    const streams = [];
    try {
      const codes: number[] = [];
      for (const cookie of cookies) {
        for (let i = 0; i < MAX_STREAMS_PER_SESSION; i++) {
          const stream = await readEventStream(`${base}/api/events`, cookie);
          streams.push(stream);
          codes.push(stream.response.statusCode ?? 0);
          if (stream.response.statusCode === 200) await stream.next(1);
        }
      }
      expect(codes.filter((c) => c === 200)).toHaveLength(MAX_STREAMS_PER_CUSTOMER);
      expect(codes.filter((c) => c === 429)).toHaveLength(
        6 * MAX_STREAMS_PER_SESSION - MAX_STREAMS_PER_CUSTOMER,
      );
      const refused = streams.find((s) => s.response.statusCode === 429)!;
      expect(refused.response.headers['content-type']).toContain('application/problem+json');

      // Another customer is not affected.
      const other = await makeCustomer(t.ctx);
      const theirs = await readEventStream(`${base}/api/events`, await signInCustomer(t.app, other));
      streams.push(theirs);
      expect(theirs.response.statusCode).toBe(200);
    } finally {
      for (const stream of streams) stream.close();
    }
  });

  it('numbers every change; a stream resumed with Last-Event-ID gets what it missed, once, then the live ones', async () => {
    const a = await newApplicant(t);
    const b = await newApplicant(t);
    const cookie = `${CUSTOMER_COOKIE}=${a.session}`;
    const n = await head(a.id);
    const first = await readEventStream(`${base}/api/events`, cookie);
    await first.next(1);
    await t.ctx.db.tx((q) => publishSpacesChanged(q, a.id));
    await t.ctx.db.tx((q) => publishSessionsChanged(q, b.id)); // someone else's
    await first.next(2);
    first.close();
    // The snapshot of the status has no id; the change has one.
    expect(first.ids).toEqual([undefined, `${n + 1}`]);

    // Missed while disconnected: two of a's, one of b's.
    await t.ctx.db.tx((q) => publishStatus(q, a.id, 'active'));
    await t.ctx.db.tx((q) => publishSpacesChanged(q, b.id));
    await t.ctx.db.tx((q) => publishSpacesChanged(q, a.id));

    const resumed = await readEventStream(`${base}/api/events`, cookie, { 'last-event-id': `${n + 1}` });
    try {
      await resumed.next(3);
      await t.ctx.db.tx((q) => publishSpacesChanged(q, a.id));
      // The snapshot (the status was only announced, not changed), then the missed announcement.
      expect(await resumed.next(4)).toEqual([
        { type: 'status', status: 'pending_review' },
        { type: 'status', status: 'active' },
        { type: 'spaces' },
        { type: 'spaces' },
      ]);
      expect(resumed.ids).toEqual([undefined, `${n + 2}`, `${n + 3}`, `${n + 4}`]);
      await resumed.next(5, 300);
      expect(resumed.events).toHaveLength(4);
    } finally {
      resumed.close();
    }

    // A new EventSource cannot set the header: the query says where it stopped.
    const fresh = await readEventStream(`${base}/api/events?lastEventId=${n + 3}`, cookie);
    try {
      expect(await fresh.next(2)).toEqual([{ type: 'status', status: 'pending_review' }, { type: 'spaces' }]);
      expect(fresh.ids).toEqual([undefined, `${n + 4}`]);
    } finally {
      fresh.close();
    }
  });

  it('holds what is committed during the replay and sends each event once, in order', async () => {
    const a = await newApplicant(t);
    const n = await head(a.id);
    for (let i = 0; i < 5; i++) await t.ctx.db.tx((q) => publishSpacesChanged(q, a.id));
    const session = (await resolveCustomerSession(t.ctx, a.session))!;
    const chunks: string[] = [];
    // Five more committed while the stream opens and replays.
    const publishing = (async () => {
      for (let i = 0; i < 5; i++) await t.ctx.db.tx((q) => publishSpacesChanged(q, a.id));
    })();
    const stop = await openLiveStream(
      t.ctx,
      session,
      { write: (c) => chunks.push(c), end: () => undefined },
      { lastEventId: n + 2 },
    );
    try {
      await publishing;
      const ids = () => chunks.flatMap((c) => /^id: (\d+)/.exec(c)?.[1] ?? []);
      const expected = Array.from({ length: 8 }, (_, i) => `${n + 3 + i}`);
      await vi.waitFor(() => expect(ids()).toEqual(expected), { timeout: 5_000 });
    } finally {
      stop();
    }
  });

  it('tells a stream to read everything again when some of what it missed is no longer kept', async () => {
    const a = await newApplicant(t);
    const n = await head(a.id);
    for (let i = 0; i < 3; i++) await t.ctx.db.tx((q) => publishSpacesChanged(q, a.id));
    await t.ctx.db.query(`delete from live_events where customer_id = $1 and seq <= $2`, [a.id, n + 2]);
    const stream = await readEventStream(`${base}/api/events`, `${CUSTOMER_COOKIE}=${a.session}`, {
      'last-event-id': `${n + 1}`,
    });
    try {
      expect(await stream.next(3)).toEqual([
        { type: 'status', status: 'pending_review' },
        { type: 'resync' },
        { type: 'spaces' },
      ]);
      expect(stream.ids).toEqual([undefined, undefined, `${n + 3}`]);
    } finally {
      stream.close();
    }
  });

  it('counts the streams of every instance in the database: a killed instance’s slots age out', async () => {
    const a = await newApplicant(t);
    const session = (await resolveCustomerSession(t.ctx, a.session))!;
    // Another instance held four streams of this session, then died without releasing them.
    for (let i = 0; i < MAX_STREAMS_PER_SESSION; i++) {
      await t.ctx.db.query(
        `insert into live_streams (id, session_key, customer_id, lease_ends_at)
         values (gen_random_uuid(), $1, $2, now() + interval '1 minute')`,
        [session.tokenHash, a.id],
      );
    }
    const cookie = `${CUSTOMER_COOKIE}=${a.session}`;
    const refused = await readEventStream(`${base}/api/events`, cookie);
    expect(refused.response.statusCode).toBe(429);
    refused.close();
    // Their leases end (no heartbeat renews them): the session may open streams again.
    await t.ctx.db.query(`update live_streams set lease_ends_at = now() where customer_id = $1`, [a.id]);
    const again = await readEventStream(`${base}/api/events`, cookie);
    try {
      expect(again.response.statusCode).toBe(200);
    } finally {
      again.close();
    }
  });

  it('ends a customer’s open stream at once when the bank closes the customer, saying so, not at the next heartbeat', async () => {
    const customer = await makeCustomer(t.ctx);
    const stream = await readEventStream(`${base}/api/events`, await signInCustomer(t.app, customer));
    try {
      expect(await stream.next(1)).toEqual([{ type: 'status', status: 'active' }]);
      const admin = await signIn(t, await newOperator(t, 'admin'));
      const closed = await t.app.inject({
        method: 'POST',
        url: `/api/backoffice/customers/${customer.id}/close`,
        headers: MUTATION,
        cookies: withOperator(admin),
        payload: {},
      });
      expect(closed.statusCode).toBe(200);
      // The heartbeat (20 s) is far off: only the closing's own news can end the stream this soon.
      await vi.waitFor(() => expect(stream.ended()).toBe(true), { timeout: 3_000, interval: 20 });
      // The screen says the account was closed, not merely that the session ended elsewhere.
      expect(stream.events).toContainEqual({ type: 'signed_out', reason: 'closed' });
    } finally {
      stream.close();
    }
  });

  it('ends the stream once the session is signed out (heartbeat check)', async () => {
    const a = await newApplicant(t);
    const session = (await resolveCustomerSession(t.ctx, a.session))!;
    const chunks: string[] = [];
    let ended = false;
    const stop = await openLiveStream(
      t.ctx,
      session,
      { write: (c) => chunks.push(c), end: () => (ended = true) },
      { heartbeatMs: 30 },
    );
    try {
      await vi.waitFor(() => expect(chunks.some((c) => c.startsWith(': ping'))).toBe(true), {
        timeout: 5_000,
      });
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { ...MUTATION, cookie: `${CUSTOMER_COOKIE}=${a.session}` },
        payload: {},
      });
      await vi.waitFor(() => expect(ended).toBe(true), { timeout: 5_000 });
    } finally {
      stop();
    }
  });

  it('counts the streams of two instances in Redis when REDIS_URL is set', async (test) => {
    const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
    if (!(await redisAnswers(redisUrl))) return test.skip(`no Redis at ${redisUrl}`);
    const shared = { rateLimits: false, redisUrl, rateLimitNamespace: `streams-${randomUUID()}:` };
    const one = await makeTestContext(shared, { db: t.ctx.db });
    const two = await makeTestContext(shared, { db: t.ctx.db });
    const urls = [
      await one.app.listen({ port: 0, host: '127.0.0.1' }),
      await two.app.listen({ port: 0, host: '127.0.0.1' }),
    ];
    const a = await newApplicant(t);
    const cookie = `${CUSTOMER_COOKIE}=${a.session}`;
    const streams = [];
    try {
      for (let i = 0; i < MAX_STREAMS_PER_SESSION; i++) {
        const stream = await readEventStream(`${urls[i % 2]}/api/events`, cookie);
        streams.push(stream);
        expect(stream.response.statusCode).toBe(200);
      }
      for (const url of urls) {
        const refused = await readEventStream(`${url}/api/events`, cookie);
        streams.push(refused);
        expect(refused.response.statusCode).toBe(429);
      }
      // Nothing was counted in the database.
      const { rows } = await t.ctx.db.query(`select id from live_streams where customer_id = $1`, [a.id]);
      expect(rows).toEqual([]);
    } finally {
      for (const stream of streams) stream.close();
      await one.close();
      await two.close();
    }
  });

  it('ends open streams when the server stops', async () => {
    // Shares the database (and so the LISTEN hub, closed with it): kept last.
    const other = await makeTestContext({ rateLimits: false }, { db: t.ctx.db });
    const url = await other.app.listen({ port: 0, host: '127.0.0.1' });
    const a = await newApplicant(t);
    const stream = await readEventStream(`${url}/api/events`, `${CUSTOMER_COOKIE}=${a.session}`);
    await stream.next(1);
    const started = Date.now();
    await other.close();
    expect(Date.now() - started).toBeLessThan(2000);
    await stream.next(99, 2000);
    expect(stream.ended()).toBe(true);
  });

  it.runIf(process.env.DATABASE_URL)('crosses instances through LISTEN/NOTIFY (PostgreSQL)', async () => {
    const other = await makeTestContext({ rateLimits: false }); // its own pool: another instance
    try {
      const a = await newApplicant(t);
      const stream = await readEventStream(`${base}/api/events`, `${CUSTOMER_COOKIE}=${a.session}`);
      try {
        await stream.next(1);
        const op = await signIn(other, await newOperator(other, 'compliance'));
        const res = await other.app.inject({
          method: 'POST',
          url: `/api/backoffice/customers/${a.id}/approve`,
          headers: MUTATION,
          cookies: withOperator(op),
          payload: {},
        });
        expect(res.statusCode).toBe(200);
        expect((await stream.next(2))[1]).toEqual({ type: 'status', status: 'active' });
      } finally {
        stream.close();
      }
    } finally {
      await other.close();
    }
  });
});
