import { request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Account } from '@comptoir/contracts';
import { cents } from '@comptoir/core';
import { glAccount, importPostedHistory } from '../../../ledger/index.ts';
import { syntheticHistory } from '../../../testing/operation-history.ts';
import { makeTestContext, type TestContext } from '../../../testing/test-context.ts';
import { makeCustomer, signIn } from '../../../testing/customers.ts';
import { backdateAccount } from '../__tests__/helpers.ts';
import type { Statement } from '../statement.ts';
import type { FromRenderer, RenderFormat, ToRenderer } from './messages.ts';
import { RENDERER_ENTRY, RenderPool, useStatementRenderers } from './pool.ts';

let t: TestContext;
let cookie: string;
let main: Account;
const ENTRIES = 1000;
const MONTH = '2026-03';

beforeAll(async () => {
  t = await makeTestContext({ rateLimits: false });
  const owner = await makeCustomer(t.ctx);
  cookie = await signIn(t.app, owner);
  const accounts = await t.app.inject({ method: 'GET', url: '/api/accounts', headers: { cookie } });
  main = accounts.json<Account[]>().find((a) => a.kind === 'main')!;
  await backdateAccount(t.ctx, main.id, new Date('2026-02-01T00:00:00Z'));
  await t.ctx.db.tx(async (q) => {
    const clearing = await glAccount(q, 'gl:sepa-clearing');
    await importPostedHistory(
      q,
      BigInt(main.id),
      clearing.id,
      syntheticHistory(ENTRIES, new Date('2026-03-02T00:00:00Z'), new Date('2026-03-30T00:00:00Z')),
    );
  });
}, 300_000);
afterAll(() => t.close());

/** A statement as the renderer is handed it (its lines come apart, on the job's port). */
const STATEMENT: Statement = {
  month: MONTH,
  start: new Date('2026-03-01T00:00:00+01:00'),
  end: new Date('2026-04-01T00:00:00+02:00'),
  provisional: false,
  issuedAt: new Date('2026-04-01T08:00:00Z'),
  account: {
    id: 1n,
    name: 'Compte courant',
    iban: 'FR7630006000011234567890189',
    currency: 'EUR',
    kind: 'customer_main',
  },
  holder: {
    name: 'Łukasz Żółć',
    customerNumber: 'C-0001',
    address: ['1 rue de la Paix', '75002 Paris', 'France'],
  },
  bank: {
    name: 'Comptoir',
    legalName: 'Comptoir SA',
    address: { street: '1 rue du Comptoir', postalCode: '75001', city: 'Paris', country: 'FR' },
    bic: 'CMPTFRPP',
    registration: null,
    supervisor: null,
    licenceNumber: null,
    phone: '01 23 45 67 89',
    email: 'contact@comptoir.example',
    sandbox: true,
  },
  opening: cents(0),
  closing: cents(0),
  totalCredits: cents(0),
  totalDebits: cents(0),
  creditCount: 0,
  debitCount: 0,
  lineCount: 0,
};

/**
 * A request the server answers at once, without this test's database: embedded PGlite has one
 * connection, which the statement's snapshot holds while it is drawn, so `/api/health` (it asks the
 * database) would wait for it there (an unknown path answers 404 without it); on PostgreSQL it is
 * `/api/health` itself.
 */
const QUICK = process.env.DATABASE_URL
  ? { url: '/api/health', status: 200 }
  : { url: '/api/nothing-here', status: 404 };

const statement = (suffix: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/accounts/${main.id}/statements/${MONTH}.${suffix}`,
    headers: { cookie },
  });

describe('statements drawn off the main thread', () => {
  it('leave the event loop free: the server answers quickly while a long PDF is drawn', async () => {
    await t.app.inject({ method: 'GET', url: QUICK.url });
    const started = performance.now();
    const loop = performance.eventLoopUtilization();
    let drawing = true;
    const download = statement('pdf').finally(() => (drawing = false));
    const health: number[] = [];
    while (drawing) {
      const asked = performance.now();
      expect((await t.app.inject({ method: 'GET', url: QUICK.url })).statusCode).toBe(QUICK.status);
      if (drawing) health.push(performance.now() - asked);
      await sleep(20);
    }
    const file = await download;
    const took = performance.now() - started;
    const busy = performance.eventLoopUtilization(loop).utilization;

    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(-8).toString('latin1')).toContain('%%EOF');
    // Relative to the drawing, not to the wall clock (the machine may be slow): the answers keep coming and none waits long, and this thread is idle most of the time (it only reads
    // the ledger and passes bytes on; drawing here kept it busy throughout).
    expect(health.length).toBeGreaterThanOrEqual(5);
    expect(Math.max(...health)).toBeLessThan(took / 5);
    expect(busy).toBeLessThan(0.5);
  }, 240_000);

  it('answer a renderer that cannot start with a problem, and the server carries on', async () => {
    const broken = new RenderPool(new URL('./fixtures/broken-renderer.mjs', import.meta.url), 1);
    useStatementRenderers(t.ctx, broken);
    for (const suffix of ['pdf', 'camt053.xml']) {
      const answer = await statement(suffix);
      expect(answer.statusCode).toBe(500);
      expect(answer.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(answer.json<{ code: string }>().code).toBe('internal_error');
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    // The builds were given back: two statements at once are still allowed.
    const pool = new RenderPool(RENDERER_ENTRY, 1);
    useStatementRenderers(t.ctx, pool);
    const [a, b] = await Promise.all([statement('camt053.xml'), statement('camt053.xml')]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.body.trimEnd().endsWith('</Document>')).toBe(true);
    await pool.close();
  }, 240_000);

  it('cut the download short when the renderer dies midway, and the server carries on', async () => {
    const crashing = new RenderPool(new URL('./fixtures/crashing-renderer.mjs', import.meta.url), 1);
    useStatementRenderers(t.ctx, crashing);
    // The headers are gone with the first bytes: the download ends without the file's end.
    const cut = await statement('pdf').then(
      (answer) => !answer.rawPayload.toString('latin1').includes('%%EOF'),
      (error: unknown) => error instanceof Error && /destroyed|premature|aborted/i.test(error.message),
    );
    expect(cut).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    await crashing.close();
  }, 240_000);

  it('draw a renderer’s PDFs one after the other; one abandoned while it waits holds up nothing', async () => {
    const pool = new RenderPool(RENDERER_ENTRY, 1);
    /** What the renderer says on a job's port, by message type. */
    const open = (format: RenderFormat) => {
      const handle = pool.open(format, STATEMENT, () => undefined);
      const said: FromRenderer['type'][] = [];
      handle.port.on('message', (message: FromRenderer) => said.push(message.type));
      const end = () => handle.port.postMessage({ type: 'end' } satisfies ToRenderer);
      return { ...handle, said, end };
    };
    const first = open('pdf');
    await vi.waitFor(() => expect(first.said).toContain('pull'), { timeout: 30_000, interval: 5 });
    const waiting = open('pdf');
    const camt = open('camt053');
    // The camt.053 is drawn alongside; the second PDF waits for the first, and is given up on.
    await vi.waitFor(() => expect(camt.said).toContain('pull'), { timeout: 30_000, interval: 5 });
    expect(waiting.said).toEqual([]);
    waiting.close();
    first.end();
    camt.end();
    await vi.waitFor(() => expect(first.said.at(-1)).toBe('done'), { timeout: 30_000, interval: 5 });
    // The next one starts at once and is drawn whole.
    const next = open('pdf');
    await vi.waitFor(() => expect(next.said).toContain('pull'), { timeout: 30_000, interval: 5 });
    next.end();
    await vi.waitFor(() => expect(next.said.at(-1)).toBe('done'), { timeout: 30_000, interval: 5 });
    for (const job of [first, camt, next]) job.close();
    await pool.close();
  }, 120_000);

  it('stop drawing when the person downloading goes away', async () => {
    const pool = new RenderPool(RENDERER_ENTRY, 1);
    useStatementRenderers(t.ctx, pool);
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const url = `${address}/api/accounts/${main.id}/statements/${MONTH}.pdf`;
    const firstBytes = await new Promise<string>((resolve, reject) => {
      const asked = request(url, { headers: { cookie } }, (response) => {
        response.once('data', (chunk: Buffer) => {
          asked.destroy();
          resolve(chunk.toString('latin1'));
        });
      });
      asked.on('error', (error) => {
        if (!asked.destroyed) reject(error);
      });
      asked.end();
    });
    const gone = performance.now();
    expect(firstBytes.startsWith('%PDF-')).toBe(true);
    await vi.waitFor(() => expect(pool.jobs).toBe(0), { timeout: 60_000, interval: 5 });
    const stopped = performance.now() - gone;
    // The job ended long before the whole file would have been drawn.
    const whole = performance.now();
    const file = await statement('pdf');
    expect(file.rawPayload.subarray(-8).toString('latin1')).toContain('%%EOF');
    expect(stopped).toBeLessThan((performance.now() - whole) / 3);
    // Both of the customer's places are free again.
    const [a, b] = await Promise.all([statement('csv'), statement('csv')]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    await pool.close();
  }, 240_000);
});
