/**
 * `npm run bench:screening`: a new sanctions list version rescreens every customer, on the real
 * server (a child process, as `npm start` runs it, on PostgreSQL), while `/api/health` is asked
 * every 50 ms.
 *
 * A throw-away database gets BENCH_CUSTOMERS active customers (default 100,000; inserted in bulk,
 * invented names and birth dates, one in 200 a listed person's name as listed, misspelt or in the
 * other order, with the listed birth date) and an admin. The server starts; the sandbox loads its
 * 30-entity fictional list and the screening job screens everyone a first time (printed, not a
 * target). The tables are then vacuumed and checkpointed, and a generated list of
 * BENCH_LIST_ENTRIES entities (default 5,000; sanctions-fixtures.ts, written in the EU's XML schema)
 * is loaded through `POST /api/backoffice/sanctions/lists`. From that request until no subject is
 * due (`GET /api/backoffice/screening/status`; the last screening's own time read afterwards)
 * is the screening time. Prints it, the subjects screened a second, the alerts opened and how many
 * of the listed persons among the customers were found, `/api/health`'s max and p99 meanwhile, the
 * server's event-loop delay and peak memory; then the targets (docs/performance.md): every customer
 * screened within 60 s, health within 200 ms (max and p99).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  CSRF_HEADER,
  CSRF_VALUE,
  SanctionsListImport,
  ScreeningStatus,
  type ScreeningStatus as Status,
} from '@comptoir/contracts';
import { loadConfig } from '../config.ts';
import { systemClock } from '../clock.ts';
import type { AppContext } from '../context.ts';
import { openPostgres } from '../db/postgres.ts';
import { migrate } from '../db/migrate.ts';
import { hashPassword } from '../crypto/password.ts';
import { currentTotp } from '../crypto/totp.ts';
import { OPERATOR_COOKIE } from '../http/cookies.ts';
import { createOperator } from '../modules/operators/index.ts';
import { createScratchDatabase } from '../testing/scratch-database.ts';
import { cpuSince, cpuTimes, perRequest } from './cpu-account.ts';
import { httpClient } from './http-load.ts';
import { quantile } from './pgbench.ts';
import { generatedCustomers, generatedList, namePools, seededRandom } from './sanctions-fixtures.ts';
import { benchCustomerRows, benchListXml } from './screening-bench-fixtures.ts';
import {
  customerAlertsOfVersion,
  insertActiveCustomers,
  screeningsOfVersion,
  settleScreeningTables,
} from './screening-bench-queries.ts';
import { startServerProcess } from './server-process.ts';
import { peakRssMb, printTargets } from './targets.ts';

const BASE = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 100_000);
const ENTRIES = Number(process.env.BENCH_LIST_ENTRIES ?? 5_000);
const TARGET_SCREENING_S = 60;
const TARGET_HEALTH_MS = 200;
/** How long a screening of everyone may take before the bench gives up. */
const GIVE_UP_MS = 240_000;
const MASTER_KEY = randomBytes(32);
const OPERATOR = {
  email: 'conformite@bench.test',
  password: `Banc-Criblage-${randomBytes(9).toString('base64url')}-2026`,
};

const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;
const thousands = (n: number): string => n.toLocaleString('en-GB');

// The same seed as the matcher's bench (screening-matcher-bench.ts): the same list and customers.
const random = seededRandom(35);
const pools = namePools(random, 400, 20_000);
const list = generatedList(ENTRIES, pools, random);
const { subjects, expected } = generatedCustomers(CUSTOMERS, pools, list, random);
const emailOf = (i: number): string => `screening-bench-${i}@bench.test`;
const xml = benchListXml(list);

/** CPU seconds every core of the machine has spent busy so far (Linux, /proc/stat), whoever ran. */
function machineBusySeconds(): number {
  const fields = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '')
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = fields;
  return (user + nice + system + irq + softirq + steal) / 100;
}

/** The server's operator session cookie (`name=value`) of a response, when it sets one. */
function sessionCookieOf(res: Response): string | undefined {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0] ?? '')
    .find((c) => c.startsWith(`${OPERATOR_COOKIE}=`) && c.length > OPERATOR_COOKIE.length + 1);
}

/** Signs the bench's admin in (password, then the current TOTP code); the session cookie. */
async function signIn(url: string, totpSecret: string): Promise<string> {
  const headers = { 'content-type': 'application/json', [CSRF_HEADER]: CSRF_VALUE };
  const first = await fetch(`${url}/api/backoffice/auth/login`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email: OPERATOR.email, password: OPERATOR.password }),
  });
  const pending = sessionCookieOf(first);
  if (first.status !== 200 || !pending) throw new Error(`login: ${first.status} ${await first.text()}`);
  const second = await fetch(`${url}/api/backoffice/auth/login/totp`, {
    method: 'POST',
    headers: { ...headers, cookie: pending },
    body: JSON.stringify({ code: currentTotp(totpSecret, systemClock.now()) }),
  });
  const session = sessionCookieOf(second);
  if (second.status !== 200 || !session)
    throw new Error(`login/totp: ${second.status} ${await second.text()}`);
  return session;
}

const ourDb = await createScratchDatabase(BASE);
const db = await openPostgres(ourDb.url, 4);
const probeDir = mkdtempSync(join(tmpdir(), 'comptoir-loop-'));
const loopFile = join(probeDir, 'loop-delay.json');
let server: Awaited<ReturnType<typeof startServerProcess>> | null = null;
try {
  console.log(
    `bench:screening: ${thousands(CUSTOMERS)} customers, a ${thousands(ENTRIES)}-entity list ` +
      `(${(xml.length / 1e6).toFixed(1)} MB of XML), on ${new URL(BASE).host}`,
  );
  const setupStarted = performance.now();
  await migrate(db);
  const ctx = {
    config: loadConfig({ ...process.env, SANDBOX: 'true' }),
    clock: systemClock,
    db,
    masterKey: MASTER_KEY,
  } as AppContext;
  const { totpSecret } = await createOperator(ctx, { ...OPERATOR, role: 'admin' });
  const passwordHash = await hashPassword(randomBytes(16).toString('hex'));
  const rows = benchCustomerRows(subjects, emailOf);
  for (let i = 0; i < rows.length; i += 10_000) {
    await insertActiveCustomers(db, rows.slice(i, i + 10_000), passwordHash);
  }
  console.log(`customers inserted: ${seconds(performance.now() - setupStarted)}`);

  server = await startServerProcess(ourDb.url, {
    MASTER_KEY: MASTER_KEY.toString('hex'),
    LOOP_DELAY_FILE: loopFile,
  });
  const url = server.url;
  const startRss = peakRssMb(server.pid);
  const cookie = await signIn(url, totpSecret);
  console.log(`server ${url}`);

  const status = async (): Promise<Status> => {
    const res = await fetch(`${url}/api/backoffice/screening/status`, { headers: { cookie } });
    if (res.status !== 200) throw new Error(`screening status: ${res.status} ${await res.text()}`);
    return ScreeningStatus.parse(await res.json());
  };
  /** Polls the status every 500 ms until a list (of that number) is in force and nobody is due. */
  const everyoneScreened = async (versionNumber: number | null): Promise<Status> => {
    const started = performance.now();
    for (let polls = 1; ; polls++) {
      const s = await status();
      const listed = s.listVersion && (versionNumber === null || s.listVersion.number === versionNumber);
      if (listed && s.dueNow === 0 && s.neverScreened === 0) return s;
      if (performance.now() - started > GIVE_UP_MS)
        throw new Error(`still ${s.dueNow} due after ${seconds(GIVE_UP_MS)}`);
      if (polls % 20 === 0) console.log(`  … ${thousands(s.dueNow)} due`);
      await sleep(500);
    }
  };

  // The first screening: every customer new, against the sandbox's list.
  const sandbox = await everyoneScreened(null);
  const sandboxVersion = sandbox.listVersion!;
  const firstRun = await screeningsOfVersion(db, sandboxVersion.id);
  const firstSpan = (firstRun.last?.getTime() ?? 0) - (firstRun.first?.getTime() ?? 0);
  console.log(
    `first screening (new customers, the sandbox's ${sandboxVersion.entryCount}-entity list): ` +
      `${thousands(firstRun.count)} subjects in ${seconds(firstSpan)}`,
  );
  await settleScreeningTables(db);
  console.log(
    `setup (customers, first screening, vacuum analyze): ${seconds(performance.now() - setupStarted)}`,
  );

  const idleRss = peakRssMb(server.pid);

  const health: number[] = [];
  const unhealthy: string[] = [];
  const probe = httpClient(url, 4);
  let probing = true;
  const prober = (async () => {
    while (probing) {
      const t0 = performance.now();
      const answer = await probe
        .send('GET', '/api/health', {})
        .then((r) => String(r.status))
        .catch((error: unknown) => String(error));
      health.push(performance.now() - t0);
      if (answer !== '200') unhealthy.push(answer);
      await sleep(50);
    }
  })();
  await sleep(500); // a few answers before the list comes in

  process.kill(server.pid, 'SIGUSR2'); // the event-loop delay is measured from here
  health.length = 0;
  const cpuBefore = cpuTimes(server.pid);
  const machineBefore = machineBusySeconds();
  const importStartedAt = systemClock.now().getTime();
  const importStarted = performance.now();
  const res = await fetch(`${url}/api/backoffice/sanctions/lists`, {
    method: 'POST',
    headers: { cookie, [CSRF_HEADER]: CSRF_VALUE, 'content-type': 'application/xml' },
    body: xml,
  });
  if (res.status !== 201) throw new Error(`import: ${res.status} ${await res.text()}`);
  const { version } = SanctionsListImport.parse(await res.json());
  const importMs = performance.now() - importStarted;
  console.log(
    `list version ${version.number} loaded over HTTP in ${seconds(importMs)}: ${thousands(version.entryCount)} entities ` +
      `(${version.added} added, ${version.removed} removed)`,
  );
  await everyoneScreened(version.number);
  const cpu = cpuSince(cpuBefore, cpuTimes(server.pid));
  const machineBusy = machineBusySeconds() - machineBefore;
  const noneDueMs = performance.now() - importStarted;
  probing = false;
  await prober;
  probe.close();

  const run = await screeningsOfVersion(db, version.id);
  const firstAt = (run.first?.getTime() ?? importStartedAt) - importStartedAt;
  const lastAt = (run.last?.getTime() ?? importStartedAt) - importStartedAt;
  const alerts = await customerAlertsOfVersion(db, version.id);
  const alerted = new Set(alerts.customers.map((a) => `${a.email} ${a.logicalId}`));
  const found = [...expected].filter(([i, logicalId]) => alerted.has(`${emailOf(i)} ${logicalId}`)).length;
  console.log(
    `rescreening: ${thousands(run.count)} subjects; the first screened ${seconds(firstAt)} after the import ` +
      `was sent, the last ${seconds(lastAt)} (none due seen at ${seconds(noneDueMs)})`,
  );
  console.log(
    `  ${thousands(Math.round(run.count / (Math.max(1, lastAt - firstAt) / 1000)))} subjects/s while screening, ` +
      `${thousands(Math.round(run.count / (Math.max(1, lastAt) / 1000)))} subjects/s from the import`,
  );
  console.log(
    `  ${thousands(alerts.total)} alerts opened; listed persons among the customers found: ${found} of ${expected.size}`,
  );

  const cores = availableParallelism();
  const wall = noneDueMs / 1000;
  const ours = cpu.database + cpu.server + cpu.bench;
  console.log(`  ${perRequest(cpu, run.count, 'subject')}`);
  console.log(
    `  machine (${cores} cores, load average ${loadavg()[0]?.toFixed(1)}): ${machineBusy.toFixed(0)} of ` +
      `${(wall * cores).toFixed(0)} core-seconds busy meanwhile, ${ours.toFixed(0)} of them PostgreSQL's ` +
      `(${cpu.database.toFixed(0)}, every database of it), the server's (${cpu.server.toFixed(0)}) and the bench's (${cpu.bench.toFixed(0)})`,
  );

  health.sort((a, b) => a - b);
  const healthMax = health.at(-1) ?? 0;
  const healthP99 = quantile(health, 0.99);
  console.log(
    `/api/health every 50 ms meanwhile: ${health.length} answers, max ${healthMax.toFixed(0)} ms, ` +
      `p99 ${healthP99.toFixed(0)} ms, p50 ${quantile(health, 0.5).toFixed(0)} ms`,
  );
  if (unhealthy.length) {
    process.exitCode = 1;
    console.log(
      `/api/health did not answer 200 ${unhealthy.length} times: ${unhealthy.slice(0, 5).join(', ')}`,
    );
  }
  const rss = peakRssMb(server.pid);
  await server.stop();
  server = null;
  const loop = JSON.parse(readFileSync(loopFile, 'utf8')) as { max: number; p99: number; mean: number };
  console.log(
    `server event-loop delay from the import to the stop: max ${loop.max.toFixed(0)} ms, p99 ${loop.p99.toFixed(0)} ms; ` +
      `peak memory (VmHWM, every thread) ${rss.toFixed(0)} MB (${idleRss.toFixed(0)} MB before the import, ${startRss.toFixed(0)} MB once started)`,
  );

  printTargets('targets', [
    {
      label: `${thousands(CUSTOMERS)} customers × ${thousands(ENTRIES)} entities, none due`,
      wanted: `≤ ${TARGET_SCREENING_S} s`,
      measured: seconds(lastAt),
      met: lastAt <= TARGET_SCREENING_S * 1000 && run.count >= CUSTOMERS,
    },
    {
      label: '/api/health meanwhile, max',
      wanted: `≤ ${TARGET_HEALTH_MS} ms`,
      measured: `${healthMax.toFixed(0)} ms`,
      met: healthMax <= TARGET_HEALTH_MS && unhealthy.length === 0,
    },
    {
      label: '/api/health meanwhile, p99',
      wanted: `≤ ${TARGET_HEALTH_MS} ms`,
      measured: `${healthP99.toFixed(0)} ms`,
      met: healthP99 <= TARGET_HEALTH_MS,
    },
  ]);
} finally {
  await server?.stop();
  await db.close();
  await ourDb.drop();
  rmSync(probeDir, { recursive: true, force: true });
}
