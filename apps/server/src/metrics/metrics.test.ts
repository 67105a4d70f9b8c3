import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardFixture } from '../testing/card-fixtures.ts';
import { makeTestContext, MUTATION, type TestContext } from '../testing/test-context.ts';
import { payee, sendTransfer, signedIn, transferToken } from '../modules/transfers/__tests__/testing.ts';
import serverPackage from '../../package.json' with { type: 'json' };
import { recordBuildInfo } from './build-info.ts';
import { countHttpRequest } from './count.ts';
import { startMetricsListener, type MetricsListener } from './listener.ts';
import { parsePrometheusText, valueOf, type Sample } from './__tests__/prometheus-text.ts';

const SANDBOX_KEY = 'cle-sandbox-de-test-metriques-0123456789';
let t: TestContext;
let metrics: MetricsListener;
let streams = 0;
beforeAll(async () => {
  t = await makeTestContext({ rateLimits: false, sandboxApiKey: SANDBOX_KEY });
  metrics = await startMetricsListener(t.ctx, { port: 0, host: '127.0.0.1' }, { liveStreams: () => streams });
});
afterAll(async () => {
  await metrics.close();
  await t.close();
});

async function scrape(): Promise<Sample[]> {
  const res = await fetch(metrics.url);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return parsePrometheusText(await res.text()).samples;
}

describe('GET /metrics on METRICS_PORT', () => {
  it('is Prometheus text, strictly, with the families of docs/operations.md#logs-health-and-metrics', async () => {
    const res = await fetch(metrics.url);
    const { types } = parsePrometheusText(await res.text());
    expect(Object.fromEntries([...types].filter(([name]) => name.startsWith('comptoir_')))).toEqual({
      comptoir_http_requests_total: 'counter',
      comptoir_http_request_duration_seconds: 'histogram',
      comptoir_http_requests_in_flight: 'gauge',
      comptoir_job_runs_total: 'counter',
      comptoir_job_failures_total: 'counter',
      comptoir_transfers_total: 'counter',
      comptoir_card_authorizations_total: 'counter',
      comptoir_screening_subjects_total: 'counter',
      comptoir_db_pool_connections: 'gauge',
      comptoir_outbox_backlog: 'gauge',
      comptoir_live_streams_open: 'gauge',
      comptoir_draining: 'gauge',
      comptoir_build_info: 'gauge',
    });
    expect(types.get('process_cpu_user_seconds_total')).toBe('counter');
    expect(types.get('nodejs_eventloop_lag_seconds')).toBe('gauge');
  });

  it('the strict reader refuses what is not the format', () => {
    for (const bad of [
      'x 1\n',
      '# TYPE x counter\nx{a="1} 1\n',
      '# TYPE x counter\nx one\n',
      '# TYPE x gauge\nx 1',
      '# TYPE x wrong\nx 1\n',
      '# TYPE h histogram\nh_bucket{le="1"} 2\nh_bucket{le="+Inf"} 1\nh_count 1\nh_sum 0\n',
    ])
      expect(() => parsePrometheusText(bad), bad).toThrow();
  });

  it('is never on the public port, and nothing but /metrics on its own', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    expect((await fetch(metrics.url.replace('/metrics', '/'))).status).toBe(404);
    expect((await fetch(metrics.url.replace('/metrics', '/api/health'))).status).toBe(404);
  });

  it('counts HTTP requests by route pattern, method and status, with their latency', async () => {
    const route = { method: 'GET', route: '/api/health/live' };
    const before = await scrape();
    for (let i = 0; i < 3; i++) await t.app.inject({ method: 'GET', url: '/api/health/live?x=1' });
    await t.app.inject({ method: 'GET', url: '/api/transfers/00000000-0000-4000-8000-000000000000' });
    const after = await scrape();
    const count = (s: Sample[], labels: Record<string, string>) =>
      valueOf(s, 'comptoir_http_requests_total', labels);
    expect(count(after, { ...route, status: '200' }) - count(before, { ...route, status: '200' })).toBe(3);
    const byId = { method: 'GET', route: '/api/transfers/:id', status: '401' };
    expect(count(after, byId) - count(before, byId)).toBe(1);
    const observed = (s: Sample[]) => valueOf(s, 'comptoir_http_request_duration_seconds_count', route);
    expect(observed(after) - observed(before)).toBe(3);
    expect(after.some((s) => s.labels.route?.includes('00000000'))).toBe(false);
    // Answered: none of them is still in flight.
    expect(valueOf(after, 'comptoir_http_requests_in_flight')).toBe(
      valueOf(before, 'comptoir_http_requests_in_flight'),
    );
  });

  it('folds the web app’s hashed asset files into one route label, /assets/*', async () => {
    const before = await scrape();
    countHttpRequest('GET', '/assets/index-3f9a1c2b.js', 200, 0.001);
    countHttpRequest('GET', '/assets/dashboard-77aa01fe.css', 200, 0.001);
    countHttpRequest('GET', '/assets/dashboard-77aa01fe.css', 304, 0.001);
    const after = await scrape();
    const assets = { method: 'GET', route: '/assets/*', status: '200' };
    const count = (s: Sample[]) => valueOf(s, 'comptoir_http_requests_total', assets);
    expect(count(after) - count(before)).toBe(2);
    expect(
      after.filter((s) => s.labels.route?.startsWith('/assets/') && s.labels.route !== '/assets/*'),
    ).toEqual([]);
  });

  it('says which build runs: comptoir_build_info is 1 with its version, Node.js version and commit', async () => {
    const info = (await scrape()).filter((s) => s.name === 'comptoir_build_info');
    expect(info).toHaveLength(1);
    expect(info[0]?.value).toBe(1);
    expect(info[0]?.labels).toEqual({
      version: serverPackage.version,
      node_version: process.versions.node,
      commit: expect.stringMatching(/^(?:[0-9a-f]{40}|unknown)$/) as string,
    });
  });

  it('takes the commit from COMPTOIR_COMMIT when the build names one', async () => {
    const own = await startMetricsListener(
      { ...t.ctx, config: { ...t.ctx.config, buildCommit: 'abc1234' } },
      { port: 0, host: '127.0.0.1' },
      { liveStreams: () => 0 },
    );
    try {
      const text = await (await fetch(own.url)).text();
      const info = parsePrometheusText(text).samples.filter((s) => s.name === 'comptoir_build_info');
      expect(info.map((s) => s.labels.commit)).toEqual(['abc1234']);
    } finally {
      await own.close();
      recordBuildInfo(t.ctx.config.buildCommit);
    }
  });

  it('counts transfers and card authorisations by outcome', async () => {
    const before = await scrape();
    const a = await signedIn(t.ctx, t.app, 100_000);
    const b = await payee(t.ctx, a.customer.id, { name: 'Erika Mustermann', iban: 'DE55370400440532014000' });
    const body = { accountId: String(a.account.id), beneficiaryId: b.id, amount: 1_000, type: 'instant' };
    const sent = await sendTransfer(t.app, a.cookie, body, {
      sca: await transferToken(t.ctx, a.customer.id, 1_000, b),
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const status = sent.json<{ status: string }>().status;
    expect((await sendTransfer(t.app, a.cookie, { ...body, amount: 0 })).statusCode).toBe(400);

    const card = await cardFixture(t.ctx, { funding: 10_000 });
    const authorize = (cvv: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/sandbox/card-authorizations',
        headers: {
          ...MUTATION,
          'idempotency-key': `m-${cvv}-${card.cardId}`,
          authorization: `Bearer ${SANDBOX_KEY}`,
        },
        payload: {
          pan: card.pan,
          expiry: card.expiry,
          cvv,
          amount: 500,
          merchant: 'Boulangerie Paul',
          channel: 'in_store',
        },
      });
    const approved = await authorize(card.cvv);
    expect(approved.json<{ approved: boolean }>().approved, approved.body).toBe(true);
    const wrongCvv = String((Number(card.cvv) + 1) % 1000).padStart(3, '0');
    expect((await authorize(wrongCvv)).json<{ approved: boolean }>().approved).toBe(false);

    const after = await scrape();
    const moved = (name: string, labels: Record<string, string>) =>
      valueOf(after, name, labels) - valueOf(before, name, labels);
    expect(moved('comptoir_transfers_total', { outcome: status })).toBe(1);
    expect(moved('comptoir_transfers_total', { outcome: 'refused' })).toBe(1);
    expect(moved('comptoir_card_authorizations_total', { outcome: 'approved' })).toBe(1);
    expect(moved('comptoir_card_authorizations_total', { outcome: 'declined' })).toBe(1);
  });

  it('reads the gauges at scrape time: pool, outbox backlog, live streams, drain', async () => {
    streams = 3;
    await t.ctx.outbox.enqueue(t.ctx.db, {
      to: 'metriques@exemple.test',
      template: 'test',
      subject: 'Test',
      text: 'Bonjour',
      html: '<p>Bonjour</p>',
    });
    const samples = await scrape();
    expect(valueOf(samples, 'comptoir_live_streams_open')).toBe(3);
    expect(valueOf(samples, 'comptoir_outbox_backlog', { queue: 'mail' })).toBeGreaterThanOrEqual(1);
    expect(samples.some((s) => s.name === 'comptoir_outbox_backlog' && s.labels.queue === 'push')).toBe(true);
    const pool = ['in_use', 'idle', 'waiting'].map((state) =>
      valueOf(samples, 'comptoir_db_pool_connections', { state }),
    );
    expect(pool[0]! + pool[1]!).toBeGreaterThanOrEqual(1);
    expect(valueOf(samples, 'comptoir_draining')).toBe(0);
  });
});
