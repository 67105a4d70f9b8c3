import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runServer } from '../testing/server-run.ts';

const PROBE = join(import.meta.dirname, '../testing/module-probe.ts');

interface OtlpSpan {
  name: string;
  kind: number;
  attributes: { key: string; value: { stringValue?: string } }[];
}
interface OtlpExport {
  resourceSpans: {
    resource: {
      attributes: OtlpExport['resourceSpans'][number]['scopeSpans'][number]['spans'][number]['attributes'];
    };
    scopeSpans: { spans: OtlpSpan[] }[];
  }[];
}

// A small OTLP/HTTP receiver (JSON): every span the server exports, with its service name.
let receiver: Server;
let endpoint: string;
const spans: (OtlpSpan & { service: string | undefined })[] = [];
const paths: string[] = [];
let scratch: string;

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'comptoir-tracing-'));
  receiver = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      paths.push(req.url ?? '');
      const sent = JSON.parse(body) as OtlpExport;
      for (const resource of sent.resourceSpans) {
        const service = resource.resource.attributes.find((a) => a.key === 'service.name')?.value.stringValue;
        for (const scope of resource.scopeSpans)
          for (const span of scope.spans) spans.push({ ...span, service });
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
  rmSync(scratch, { recursive: true, force: true });
});

const attribute = (span: OtlpSpan, key: string) =>
  span.attributes.find((a) => a.key === key)?.value.stringValue;

describe('OpenTelemetry traces', () => {
  it('with OTEL_EXPORTER_OTLP_ENDPOINT: spans of requests, PostgreSQL queries and jobs reach the collector', async () => {
    const server = await runServer({
      OTEL_EXPORTER_OTLP_ENDPOINT: endpoint,
      OTEL_BSP_SCHEDULE_DELAY: '200',
    });
    try {
      expect((await fetch(`${server.base}/api/transfers/00000000-0000-4000-8000-000000000000`)).status).toBe(
        401,
      );
      await vi.waitFor(
        () => {
          const request = spans.find((s) => s.name === 'GET /api/transfers/:id');
          expect(request?.kind).toBe(2); // SERVER
          expect(request && attribute(request, 'http.route')).toBe('/api/transfers/:id');
          expect(spans.some((s) => s.name === 'job push-delivery')).toBe(true);
          // node-postgres is traced; the embedded database (PGlite) has no query spans.
          if (process.env.DATABASE_URL) expect(spans.some((s) => s.name.startsWith('pg.query'))).toBe(true);
        },
        { timeout: 30_000, interval: 200 },
      );
      expect(new Set(spans.map((s) => s.service))).toEqual(new Set(['comptoir']));
      expect(new Set(paths)).toEqual(new Set(['/v1/traces']));
    } finally {
      expect(await server.stop()).toBe(0);
    }
  }, 120_000);

  it('without it, no OpenTelemetry module is ever loaded', async () => {
    const file = join(scratch, 'modules.txt');
    const server = await runServer({ MODULE_PROBE_FILE: file }, [PROBE]);
    await fetch(`${server.base}/api/transfers/00000000-0000-4000-8000-000000000000`);
    expect(await server.stop()).toBe(0);
    const loaded = readFileSync(file, 'utf8').split('\n');
    expect(loaded.some((url) => url.includes('/fastify/'))).toBe(true);
    // The API alone (no SDK: a no-op) is loaded anyway, by prom-client's process metrics.
    expect(
      loaded.filter((url) => url.includes('/@opentelemetry/') && !url.includes('/@opentelemetry/api/')),
    ).toEqual([]);
    expect(loaded.filter((url) => url.includes('/tracing/open-telemetry.ts'))).toEqual([]);
  }, 120_000);
});
