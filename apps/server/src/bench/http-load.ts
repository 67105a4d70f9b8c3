import { Agent, request } from 'node:http';
import { Agent as TlsAgent, request as tlsRequest } from 'node:https';
import { quantile } from './pgbench.ts';

/**
 * A keep-alive HTTP client with exactly `connections` sockets to the server under test; for an
 * `https:` URL (the nginx front), TLS trusting only `ca` and naming `localhost`.
 */
export function httpClient(baseUrl: string, connections: number, ca?: string) {
  const url = new URL(baseUrl);
  const tls = url.protocol === 'https:';
  const sockets = { keepAlive: true, maxSockets: connections, maxFreeSockets: connections };
  const agent = tls ? new TlsAgent({ ...sockets, ca, servername: 'localhost' }) : new Agent(sockets);
  const requestOf = tls ? tlsRequest : request;
  const send = (
    method: string,
    path: string,
    headers: Record<string, string>,
    body?: unknown,
  ): Promise<{ status: number; body: unknown }> =>
    new Promise((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const req = requestOf(
        {
          agent,
          host: url.hostname,
          port: url.port,
          method,
          path,
          headers: {
            ...headers,
            ...(payload
              ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
              : {}),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            let parsed: unknown = text;
            try {
              parsed = JSON.parse(text);
            } catch {
              // not JSON: keep the text
            }
            resolve({ status: res.statusCode ?? 0, body: parsed });
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  return { send, close: () => agent.destroy() };
}

export interface LoadResult {
  count: number;
  perSecond: number;
  p50: number;
  p99: number;
  failures: number;
  firstFailure: string | null;
}

/**
 * Runs `one` from `workers` concurrent loops for `seconds`; each call returns true on success. The
 * loops stop taking new work at the deadline; latencies are of successful calls only.
 */
export async function runLoad(
  workers: number,
  seconds: number,
  one: (worker: number, i: number) => Promise<true | string>,
): Promise<LoadResult> {
  const latencies: number[] = [];
  let failures = 0;
  let firstFailure: string | null = null;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  let next = 0;
  await Promise.all(
    Array.from({ length: workers }, async (_, worker) => {
      while (performance.now() < deadline) {
        const i = next++;
        const t0 = performance.now();
        const outcome = await one(worker, i);
        if (outcome === true) latencies.push(performance.now() - t0);
        else {
          failures++;
          firstFailure ??= outcome;
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    count: latencies.length,
    perSecond: latencies.length / elapsed,
    p50: quantile(latencies, 0.5),
    p99: quantile(latencies, 0.99),
    failures,
    firstFailure,
  };
}
