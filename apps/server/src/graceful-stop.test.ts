import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CUSTOMER_COOKIE } from './http/cookies.ts';
import { createScratchDatabase } from './testing/scratch-database.ts';
import { freePort } from './testing/server-process.ts';

// `npm start` as a child process, stopped with SIGTERM while a request is in flight, a second one
// is arriving on an open connection and a customer's live stream is open.
const ROOT = resolve(import.meta.dirname, '../../..');

/** A raw HTTP/1.1 connection: what is written goes out as is; `answer` is everything read until the server closes. */
function rawConnection(port: number): Promise<{ socket: Socket; answer: Promise<string> }> {
  return new Promise((done, fail) => {
    const socket = connect(port, '127.0.0.1', () => {
      let text = '';
      socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
      const answer = new Promise<string>((ended) => socket.once('close', () => ended(text)));
      done({ socket, answer });
    });
    socket.once('error', fail);
  });
}

let child: ChildProcess;
let out = '';
let dataDir: string;
let dropDatabase: (() => Promise<void>) | null = null;
let port: number;
let metricsPort: number;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'comptoir-stop-'));
  port = await freePort();
  metricsPort = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    METRICS_PORT: String(metricsPort),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SANDBOX: 'true',
    LOG_LEVEL: 'info',
  };
  if (process.env.DATABASE_URL) {
    const scratch = await createScratchDatabase(process.env.DATABASE_URL);
    env.DATABASE_URL = scratch.url;
    dropDatabase = () => scratch.drop();
  }
  child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  await vi.waitFor(
    () => {
      if (child.exitCode !== null) throw new Error(`server exited: ${out}`);
      expect(out).toMatch(/ready at/);
    },
    { timeout: 90_000, interval: 100 },
  );
}, 120_000);

afterAll(async () => {
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await dropDatabase?.();
  rmSync(dataDir, { recursive: true, force: true });
});

const scrape = async (metric: string): Promise<number> => {
  const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
  return Number(new RegExp(`^${metric} (\\S+)$`, 'm').exec(text)?.[1]);
};
const scrapeDraining = () => scrape('comptoir_draining');

describe('SIGTERM', () => {
  it('drains: readiness 503 at once, no new connection, the request in flight and the arriving one answered, the live stream told to reconnect, exit 0 within 10 s', async () => {
    const base = `http://127.0.0.1:${port}`;
    const [, email = '', password = ''] = /demo-customer: (\S+) ([^\s"]+)/.exec(out) ?? [];
    const login = JSON.stringify({ email, password });
    const signIn = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'comptoir' },
      body: login,
    });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0] ?? '')
      .find((c) => c.startsWith(`${CUSTOMER_COOKIE}=`));
    expect(cookie).toBeDefined();
    expect((await fetch(`${base}/api/health/ready`)).status).toBe(200);
    expect(await scrapeDraining()).toBe(0);

    // A live stream, open and answering.
    const events = await fetch(`${base}/api/events`, { headers: { cookie: cookie ?? '' } });
    expect(events.status).toBe(200);
    let streamText = '';
    const streamEnded = (async () => {
      const decoder = new TextDecoder();
      for await (const chunk of events.body as AsyncIterable<Uint8Array>) streamText += decoder.decode(chunk);
    })();
    await vi.waitFor(() => expect(streamText).toMatch(/^data: /m));

    // A request in flight: headers sent, half its body still to come.
    const slow = await rawConnection(port);
    slow.socket.write(
      `POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\n` +
        `X-Requested-With: comptoir\r\nX-Request-Id: slow-1\r\nContent-Length: ${Buffer.byteLength(login)}\r\n\r\n` +
        login.slice(0, 10),
    );
    // A request arriving on an open connection: its first line sent, the rest during the drain.
    const arriving = await rawConnection(port);
    arriving.socket.write(`GET /api/health/ready HTTP/1.1\r\n`);
    // The server holds both the stream and the request in flight before it is told to stop.
    await vi.waitFor(async () => expect(await scrape('comptoir_http_requests_in_flight')).toBe(2), {
      interval: 20,
    });

    const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
    const sigterm = performance.now();
    child.kill('SIGTERM');

    // Readiness turns at once (seen on the metrics port, which stays up until the end)…
    await vi.waitFor(async () => expect(await scrapeDraining()).toBe(1), { interval: 20 });
    // … the public port takes no new connection …
    await vi.waitFor(
      async () =>
        expect(
          await fetch(`${base}/api/health/live`).then(
            () => 'answered',
            () => 'refused',
          ),
        ).toBe('refused'),
      { interval: 20 },
    );
    // … the live stream was told to come back soon (to another instance) and ended.
    await streamEnded;
    expect(streamText).toMatch(/\nretry: 500\n\n$/);

    // The request arriving on the open connection is answered: readiness says 503, the connection closes.
    arriving.socket.write(`Host: 127.0.0.1:${port}\r\n\r\n`);
    const readiness = await arriving.answer;
    expect(readiness).toMatch(/^HTTP\/1\.1 503 /);
    expect(readiness).toMatch(/\r\nconnection: close\r\n/i);
    expect(readiness).toContain('Le serveur s’arrête');

    // The request in flight completes with its real answer.
    slow.socket.write(login.slice(10));
    const answer = await slow.answer;
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).toMatch(/\r\nx-request-id: slow-1\r\n/i);

    const code = await exited;
    expect(code, out.slice(-3000)).toBe(0);
    const drainMs = performance.now() - sigterm;
    console.log(`SIGTERM → exit: ${Math.round(drainMs)} ms (the test's own steps included)`);
    expect(drainMs).toBeLessThan(10_000);
    const stopped = out
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((entry) => entry.msg === 'stopped');
    expect(stopped).toMatchObject({ signal: 'SIGTERM' });
    console.log(`server-side stop: ${String(stopped?.ms)} ms`);
  }, 60_000);
});
