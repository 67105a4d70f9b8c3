import { randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestContext, type TestContext } from '../../testing/test-context.ts';
import { loginRequest } from '../../testing/customers.ts';

// Several instances of one deployment count the same login attempts: the limit (30 a minute per
// IP) holds for the service, not for each instance. Counters live in the database, or in Redis
// when REDIS_URL is set.
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

const redisAnswers = (url: string) =>
  new Promise<boolean>((done) => {
    const { hostname, port } = new URL(url);
    const socket = connect({ host: hostname, port: Number(port || 6379) });
    socket.setTimeout(500);
    socket.once('connect', () => (socket.destroy(), done(true)));
    socket.once('error', () => done(false));
    socket.once('timeout', () => (socket.destroy(), done(false)));
  });

/** 30 failed logins spread over the instances in turn, then one more on each. */
async function spreadLogins(instances: TestContext[], ip: string) {
  const statuses: number[] = [];
  for (let i = 0; i < 30; i++) {
    const instance = instances[i % instances.length] as TestContext;
    statuses.push(
      (await loginRequest(instance.app, `absent.${i}.${randomUUID()}@exemple.fr`, 'faux', ip)).statusCode,
    );
  }
  const beyond = await Promise.all(
    instances.map((instance) => loginRequest(instance.app, `absent.${randomUUID()}@exemple.fr`, 'faux', ip)),
  );
  return { statuses, beyond: beyond.map((r) => r.statusCode) };
}

describe('login rate limit shared by the instances of a deployment', () => {
  let first: TestContext;
  let second: TestContext;
  beforeAll(async () => {
    const namespace = `shared-${randomUUID()}:`;
    first = await makeTestContext({ rateLimitNamespace: namespace });
    second = await makeTestContext({ rateLimitNamespace: namespace }, { db: first.ctx.db });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('in the database: 15 attempts on each of two instances, then both refuse', async () => {
    const { statuses, beyond } = await spreadLogins([first, second], '203.0.113.70');
    expect(statuses.every((s) => s === 401)).toBe(true);
    expect(beyond).toEqual([429, 429]);

    // Once the window has ended (moved to now), the next attempt opens a new one.
    await first.ctx.db.query(
      `update rate_limit_hits set window_ends_at = clock_timestamp() where key like $1 and key like '%203.0.113.70'`,
      [`${first.ctx.config.rateLimitNamespace}%`],
    );
    const again = await loginRequest(second.app, `absent.${randomUUID()}@exemple.fr`, 'faux', '203.0.113.70');
    expect(again.statusCode).toBe(401);
    const { rows } = await first.ctx.db.query<{ hits: number }>(
      `select hits from rate_limit_hits where key like $1 and key like '%203.0.113.70'`,
      [`${first.ctx.config.rateLimitNamespace}%`],
    );
    expect(rows).toEqual([{ hits: 1 }]);
  });

  it('another deployment on the same database (another namespace) counts its own', async () => {
    const other = await makeTestContext({}, { db: first.ctx.db });
    try {
      expect(
        (await loginRequest(other.app, `absent.${randomUUID()}@exemple.fr`, 'faux', '203.0.113.70'))
          .statusCode,
      ).toBe(401);
    } finally {
      await other.close();
    }
  });

  it('in Redis when REDIS_URL is set', async (test) => {
    if (!(await redisAnswers(REDIS_URL))) return test.skip('no Redis at ' + REDIS_URL);
    const namespace = `shared-${randomUUID()}:`;
    const a = await makeTestContext(
      { rateLimitNamespace: namespace, redisUrl: REDIS_URL },
      { db: first.ctx.db },
    );
    const b = await makeTestContext(
      { rateLimitNamespace: namespace, redisUrl: REDIS_URL },
      { db: first.ctx.db },
    );
    try {
      const { statuses, beyond } = await spreadLogins([a, b], '203.0.113.71');
      expect(statuses.every((s) => s === 401)).toBe(true);
      expect(beyond).toEqual([429, 429]);
      // Nothing was counted in the database.
      const { rows } = await first.ctx.db.query(`select key from rate_limit_hits where key like $1`, [
        `${namespace}%`,
      ]);
      expect(rows).toEqual([]);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
