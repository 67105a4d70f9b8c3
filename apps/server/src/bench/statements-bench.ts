/**
 * `npm run bench:statements`: four month statements of 20,000 entries (BENCH_ENTRIES) made at once
 * by the real server (a child process, as `npm start` runs it, on PostgreSQL): two customers each
 * download the PDF and the camt.053 of their month together, while an anonymous `/api/health` is
 * asked every 50 ms. Prints each download's time and size, the health answers' max and p99, and the
 * server's peak resident memory (VmHWM), against the targets: health within 200 ms, under 500 MB.
 * The four are sent one after the other, each once the previous one is answered (its build taken),
 * so exactly these four build; a third statement asked by customer 1 once their two are taken is
 * refused (429). A renderer draws its PDFs one after the other (render/worker.ts), so customer 2's
 * PDF starts when customer 1's is done. The
 * server's event-loop delay over the same time is printed too (loop-delay-probe.ts): a slow health
 * answer with a small delay waited for the database, with a large one for the CPU. The PDFs and
 * camt.053 files are drawn by the server's renderer threads (modules/statements/render/): they
 * share its process, so the peak memory printed (the process's VmHWM) counts them too.
 *
 * The histories are booked in bulk by the ledger's importer (`importPostedHistory`) in the current
 * month (Luxembourg time), then `verifyLedger` runs.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, request } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { quantile } from './pgbench.ts';
import { createScratchDatabase } from '../testing/scratch-database.ts';
import { openPostgres } from '../db/postgres.ts';
import { migrate } from '../db/migrate.ts';
import { verifyLedger } from '../ledger/index.ts';
import { startServerProcess } from './server-process.ts';
import { customerWithHistory } from './operation-fixtures.ts';
import { settleLedger } from './queries.ts';
import { syntheticHistory } from '../testing/operation-history.ts';
import { statementMonthOf, statementPeriod } from '@comptoir/core';

if (!process.env.DATABASE_URL) {
  console.error('bench:statements needs PostgreSQL: set DATABASE_URL (postgres://…/postgres).');
  process.exit(2);
}
const BASE = process.env.DATABASE_URL;
const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 20_000);
const HEALTH_TARGET_MS = 200;
const MEMORY_TARGET_MB = 500;

/**
 * One GET, its body counted but not kept; resolves with the status, size and time. `onResponse` is
 * called when the status line arrives (a statement's build is then taken, or refused).
 */
function download(
  agent: Agent,
  base: URL,
  path: string,
  headers: Record<string, string>,
  onResponse: () => void = () => undefined,
): Promise<{ status: number; bytes: number; ms: number; tail: string }> {
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(
      { agent, host: base.hostname, port: base.port, method: 'GET', path, headers },
      (res) => {
        onResponse();
        let bytes = 0;
        let tail = '';
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          tail = (tail + chunk.toString('latin1')).slice(-64);
        });
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, bytes, ms: performance.now() - t0, tail: tail.trim() }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** The server's peak resident memory so far, in MB (Linux): the whole process, every thread of it. */
function peakRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/^VmHWM:\s+(\d+) kB/m.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

const ourDb = await createScratchDatabase(BASE);
const db = await openPostgres(ourDb.url, 4);
await migrate(db);
const probeDir = mkdtempSync(join(tmpdir(), 'comptoir-loop-'));
const loopFile = join(probeDir, 'loop-delay.json');
const server = await startServerProcess(ourDb.url, { LOOP_DELAY_FILE: loopFile });
let stopped = false;
try {
  const base = new URL(server.url);
  const now = new Date();
  const month = statementMonthOf(now);
  const monthStart = statementPeriod(month)!.start;
  const to = new Date(now.getTime() - 60_000);
  const from = new Date(Math.max(monthStart.getTime() + 60_000, to.getTime() - 25 * 86_400_000));
  console.log(
    `bench:statements: 2 customers × ${ENTRIES} entries in ${month} on ${new URL(BASE).host}; server ${server.url}`,
  );
  const started = performance.now();
  const customers = [
    await customerWithHistory(db, syntheticHistory(ENTRIES, from, to)),
    await customerWithHistory(db, syntheticHistory(ENTRIES, from, to)),
  ];
  await settleLedger(db);
  console.log(`setup (history + vacuum analyze): ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const violations = await verifyLedger(db);
  console.log(
    `ledger: ${violations.length === 0 ? 'every invariant holds' : `${violations.length} violations`}`,
  );
  if (violations.length) process.exitCode = 1;
  const idleRss = peakRssMb(server.pid);

  const agent = new Agent({ keepAlive: true, maxSockets: 16 });
  const health: number[] = [];
  const unhealthy: number[] = [];
  let polling = true;
  const poller = (async () => {
    while (polling) {
      const answer = await download(agent, base, '/api/health', {}).catch(() => ({ status: 0, ms: 0 }));
      health.push(answer.ms);
      if (answer.status !== 200) unhealthy.push(answer.status);
      await sleep(50);
    }
  })();
  await sleep(500); // a few answers before the statements start

  // One after the other, each once answered: customer 1's PDF and camt.053, then customer 2's.
  process.kill(server.pid, 'SIGUSR2'); // the event-loop delay is measured from here
  const t0 = performance.now();
  const files: { label: string; suffix: string; promise: ReturnType<typeof download> }[] = [];
  let third: Awaited<ReturnType<typeof download>> | null = null;
  for (const [n, c] of customers.entries()) {
    // Customer 1's two builds are taken: a third statement of theirs is refused meanwhile.
    if (n === 1)
      third = await download(
        agent,
        base,
        `/api/accounts/${customers[0]!.accountId}/statements/${month}.csv`,
        customers[0]!.headers,
      );
    for (const suffix of ['pdf', 'camt053.xml'] as const) {
      let answered!: () => void;
      const admitted = new Promise<void>((resolve) => (answered = resolve));
      const promise = download(
        agent,
        base,
        `/api/accounts/${c.accountId}/statements/${month}.${suffix}`,
        c.headers,
        () => answered(),
      );
      void promise.finally(() => answered());
      files.push({ label: `${suffix.padEnd(11)} customer ${n + 1}`, suffix, promise });
      await admitted;
    }
  }
  const results = await Promise.all(files.map((f) => f.promise));
  const wall = performance.now() - t0;
  await sleep(300);
  polling = false;
  await poller;
  agent.destroy();

  let failed = false;
  files.forEach((f, i) => {
    const r = results[i]!;
    const whole = f.suffix === 'pdf' ? r.tail.endsWith('%%EOF') : r.tail.endsWith('</Document>');
    if (r.status !== 200 || !whole) failed = true;
    console.log(
      `${f.label}  ${r.status}  ${(r.bytes / 1e6).toFixed(1).padStart(5)} MB  ${(r.ms / 1000).toFixed(1).padStart(5)} s${whole ? '' : '  (INCOMPLETE)'}`,
    );
  });
  console.log(`a third statement of customer 1 meanwhile: ${third?.status} (expected 429)`);
  if (third?.status !== 429) failed = true;
  health.sort((a, b) => a - b);
  const max = health.at(-1) ?? 0;
  const p99 = quantile(health, 0.99);
  const peak = peakRssMb(server.pid);
  await server.stop();
  stopped = true;
  const loop = JSON.parse(readFileSync(loopFile, 'utf8')) as { max: number; p99: number; mean: number };
  console.log(`all four: ${(wall / 1000).toFixed(1)} s`);
  console.log(
    `server event-loop delay meanwhile: max ${loop.max.toFixed(0)} ms, p99 ${loop.p99.toFixed(0)} ms, mean ${loop.mean.toFixed(1)} ms`,
  );
  if (unhealthy.length) {
    failed = true;
    console.log(`/api/health did not answer 200 ${unhealthy.length} times: ${unhealthy.join(', ')}`);
  }
  console.log(
    `/api/health every 50 ms (${health.length} answers): max ${max.toFixed(0)} ms, p99 ${p99.toFixed(0)} ms — ${
      max <= HEALTH_TARGET_MS ? 'within' : 'OVER'
    } ${HEALTH_TARGET_MS} ms`,
  );
  console.log(
    `server peak memory (VmHWM, main and renderer threads): ${peak.toFixed(0)} MB (${idleRss.toFixed(0)} MB before the statements) — ${
      peak <= MEMORY_TARGET_MB ? 'within' : 'OVER'
    } ${MEMORY_TARGET_MB} MB`,
  );
  console.log(`/api/health answers other than 200: ${unhealthy.length}`);
  const healthOk = max <= HEALTH_TARGET_MS && unhealthy.length === 0;
  console.log(`health within ${HEALTH_TARGET_MS} ms: ${healthOk ? 'PASS' : 'FAIL'}`);
  console.log(`memory under ${MEMORY_TARGET_MB} MB: ${peak <= MEMORY_TARGET_MB ? 'PASS' : 'FAIL'}`);
  if (failed || !healthOk || peak > MEMORY_TARGET_MB) process.exitCode = 1;
} finally {
  await db.close();
  if (!stopped) await server.stop();
  await ourDb.drop();
  rmSync(probeDir, { recursive: true, force: true });
}
