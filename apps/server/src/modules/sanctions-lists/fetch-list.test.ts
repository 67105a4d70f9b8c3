import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parisDate } from '@comptoir/core';
import { makeTestContext, type TestContext } from '../../testing/test-context.ts';
import { currentListVersion, fetchSanctionsListDaily } from './index.ts';
import { FETCH_CLAIM_MS } from './fetch-list-service.ts';
import { syntheticList } from './__tests__/testing.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The list's server on 127.0.0.1: what it answers next, and how many requests it had. */
const served = { status: 200, body: syntheticList('eu-list'), requests: 0 };
let server: Server;
let url: string;

// Two instances of the bank on one database (the list is the bank's one list: its own database).
let a: TestContext;
let b: TestContext;

beforeAll(async () => {
  server = createServer((request, response) => {
    served.requests++;
    response.writeHead(served.status, { 'content-type': 'application/xml' });
    response.end(served.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/fsd/list.xml`;
  a = await makeTestContext({ sanctionsListUrl: `${url}?token=abc` }, { ownDatabase: true });
  b = await makeTestContext({ sanctionsListUrl: `${url}?token=abc` }, { db: a.ctx.db });
  // One time for both (their clocks started apart).
  b.clock.advance(a.clock.now().getTime() - b.clock.now().getTime());
});
afterAll(async () => {
  await b.close();
  await a.close();
  await new Promise((resolve) => server.close(resolve));
});

/** Both instances' clocks move on to the next day. */
const nextDay = () => {
  a.clock.advance(DAY_MS);
  b.clock.advance(DAY_MS);
};

async function attempts() {
  const { rows } = await a.ctx.db.query<{
    outcome: string;
    url: string;
    detail: string | null;
    number: number | null;
  }>(
    `select f.outcome, f.url, f.detail, v.version_number as number
       from sanctions_list_fetches f left join sanctions_list_versions v on v.id = f.version_id
      order by f.started_at`,
  );
  return rows;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('the daily fetch of SANCTIONS_LIST_URL', () => {
  it('does nothing without an address', async () => {
    const none = await makeTestContext({}, { db: a.ctx.db });
    try {
      expect(await fetchSanctionsListDaily(none.ctx)).toEqual({ outcome: 'disabled' });
      expect(served.requests).toBe(0);
    } finally {
      await none.close();
    }
  });

  it('fetches once per Paris day across two instances ticking at once, and imports the file', async () => {
    const results = await Promise.all([fetchSanctionsListDaily(a.ctx), fetchSanctionsListDaily(b.ctx)]);
    expect(results.map((r) => r.outcome).sort()).toEqual(['new_version', 'skipped']);
    expect(served.requests).toBe(1);
    expect(await currentListVersion(a.ctx.db)).toMatchObject({
      number: 1,
      source: 'scheduled_fetch',
      // Recorded and shown without its query string (a token may sit there).
      loadedBy: url,
      entryCount: 30,
    });
    // Later ticks the same day, on either instance: nothing.
    expect(await fetchSanctionsListDaily(a.ctx)).toEqual({ outcome: 'skipped' });
    expect(await fetchSanctionsListDaily(b.ctx)).toEqual({ outcome: 'skipped' });
    expect(served.requests).toBe(1);
    expect(await attempts()).toEqual([{ outcome: 'new_version', url, detail: null, number: 1 }]);
  });

  it('fetches again the next day, and records the same file as unchanged', async () => {
    nextDay();
    const [first, second] = await Promise.all([
      fetchSanctionsListDaily(b.ctx),
      fetchSanctionsListDaily(a.ctx),
    ]);
    expect([first?.outcome, second?.outcome].sort()).toEqual(['skipped', 'unchanged']);
    expect(served.requests).toBe(2);
    expect((await attempts()).map((f) => [f.outcome, f.number])).toEqual([
      ['new_version', 1],
      ['unchanged', 1],
    ]);
  });

  it('refuses a file whose SHA-256 is not the expected one: recorded, nothing imported, tried again next tick', async () => {
    nextDay();
    served.body = syntheticList('eu-list-amendment');
    const pinned = await makeTestContext(
      { sanctionsListUrl: url, sanctionsListSha256: sha256(syntheticList('eu-list')) },
      { db: a.ctx.db },
    );
    try {
      pinned.clock.advance(a.clock.now().getTime() - pinned.clock.now().getTime());
      const refused = await fetchSanctionsListDaily(pinned.ctx);
      expect(refused).toMatchObject({
        outcome: 'refused',
        detail: expect.stringContaining('SHA-256 du fichier'),
      });
      expect((await currentListVersion(a.ctx.db))?.number).toBe(1);
      // The day is not closed by a refusal: the next tick fetches again.
      pinned.clock.advance(1000);
      expect((await fetchSanctionsListDaily(pinned.ctx)).outcome).toBe('refused');
      expect(served.requests).toBe(4);
    } finally {
      await pinned.close();
    }
    // With the file's own hash expected, the same file goes in.
    const trusting = await makeTestContext(
      { sanctionsListUrl: url, sanctionsListSha256: sha256(served.body) },
      { db: a.ctx.db },
    );
    try {
      trusting.clock.advance(a.clock.now().getTime() - trusting.clock.now().getTime() + 2000);
      expect(await fetchSanctionsListDaily(trusting.ctx)).toMatchObject({
        outcome: 'new_version',
        version: { number: 2, added: 2, removed: 1, changed: 1 },
      });
    } finally {
      await trusting.close();
    }
    expect((await attempts()).slice(2).map((f) => f.outcome)).toEqual(['refused', 'refused', 'new_version']);
  });

  it('records a failed download and a malformed file, imports nothing, and succeeds at a later tick', async () => {
    nextDay();
    served.status = 503;
    expect(await fetchSanctionsListDaily(a.ctx)).toMatchObject({
      outcome: 'failed',
      detail: 'Réponse HTTP 503 du serveur de la liste.',
    });
    served.status = 200;
    served.body = syntheticList('eu-list').subarray(0, 10_000);
    b.clock.advance(1000);
    expect(await fetchSanctionsListDaily(b.ctx)).toMatchObject({
      outcome: 'refused',
      detail: expect.stringContaining('Fichier XML incomplet ou mal formé'),
    });
    expect((await currentListVersion(a.ctx.db))?.number).toBe(2);
    served.body = syntheticList('eu-list');
    a.clock.advance(2000);
    expect(await fetchSanctionsListDaily(a.ctx)).toMatchObject({
      outcome: 'new_version',
      version: { number: 3 },
    });
    expect((await attempts()).slice(-3).map((f) => [f.outcome, f.number])).toEqual([
      ['failed', null],
      ['refused', null],
      ['new_version', 3],
    ]);
  });

  it('leaves a day claimed by an instance that died mid-fetch to the others once its claim lapses', async () => {
    nextDay();
    const requests = served.requests;
    await a.ctx.db.query(`insert into sanctions_list_fetch_days (day, claimed_until) values ($1::date, $2)`, [
      parisDate(a.clock.now()),
      new Date(a.clock.now().getTime() + FETCH_CLAIM_MS),
    ]);
    expect(await fetchSanctionsListDaily(a.ctx)).toEqual({ outcome: 'skipped' });
    expect(served.requests).toBe(requests);
    a.clock.advance(FETCH_CLAIM_MS);
    expect((await fetchSanctionsListDaily(a.ctx)).outcome).toBe('unchanged');
    expect((await attempts()).at(-1)).toMatchObject({ outcome: 'unchanged', number: 3 });
    expect(served.requests).toBe(requests + 1);
  });
});
