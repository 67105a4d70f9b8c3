/**
 * `npm run bench:operations`: the operations screen's queries over HTTP against the real server (a
 * child process, as `npm start` runs it, on PostgreSQL) for one account holding BENCH_ENTRIES
 * (default 100,000) posted operations spread over 24 months, each query's p99 against the 50 ms target
 * (met / not met) and a pgbench reference measured in the same run.
 *
 * The history is booked in bulk by the ledger's importer (`importPostedHistory`: running balances,
 * balances after, the cached balance, every invariant kept), then `verifyLedger` runs. Each query is
 * sent BENCH_REQUESTS times (default 200) one at a time, the way one person's screen asks: p50, p95
 * and p99 are per-request latencies. The reference is pgbench's TPC-B-like transaction from one client
 * (`-c 1`): its per-transaction latency, so the ratio says how many simple write transactions of
 * this database one request costs.
 */
import { pgbenchTps, quantile } from './pgbench.ts';
import { createScratchDatabase } from '../testing/scratch-database.ts';
import { openPostgres } from '../db/postgres.ts';
import { migrate } from '../db/migrate.ts';
import { verifyLedger } from '../ledger/index.ts';
import { startServerProcess } from './server-process.ts';
import { httpClient } from './http-load.ts';
import { customerWithHistory } from './operation-fixtures.ts';
import { settleLedger, entryIdAtDepth } from './queries.ts';
import { syntheticHistory } from '../testing/operation-history.ts';

if (!process.env.DATABASE_URL) {
  console.error('bench:operations needs PostgreSQL: set DATABASE_URL (postgres://…/postgres).');
  process.exit(2);
}
const BASE = process.env.DATABASE_URL;
const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 100_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const TARGET_MS = 50; // p99 of each query, the first page and a search among them

const refDb = await createScratchDatabase(BASE);
const ourDb = await createScratchDatabase(BASE);
const db = await openPostgres(ourDb.url, 4);
await migrate(db);
const server = await startServerProcess(ourDb.url);
try {
  console.log(
    `bench:operations: ${ENTRIES} operations over 24 months on ${new URL(BASE).host}; server ${server.url}`,
  );
  const to = new Date();
  const from = new Date(to.getTime() - 730 * 86_400_000);
  const started = performance.now();
  // Another customer's history first, so the account's entries are not the whole table.
  await customerWithHistory(db, syntheticHistory(Math.floor(ENTRIES / 5), from, to));
  const me = await customerWithHistory(db, syntheticHistory(ENTRIES, from, to));
  await settleLedger(db);
  console.log(
    `setup (bulk import, vacuum, checkpoint): ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  const violations = await verifyLedger(db);
  console.log(
    `ledger: ${violations.length === 0 ? 'every invariant holds' : `${violations.length} violations`}`,
  );
  if (violations.length) process.exitCode = 1;

  const { tps } = pgbenchTps(refDb.url, 1, 10);
  const referenceMs = 1000 / tps;
  console.log(
    `reference: pgbench TPC-B-like, 1 client, scale 10: ${tps.toFixed(0)} tx/s = ${referenceMs.toFixed(2)} ms a transaction\n`,
  );

  const base = `/api/accounts/${me.accountId}`;
  const middleMonth = new Date(to.getTime() - 365 * 86_400_000).toISOString().slice(0, 7);
  const deep = await entryIdAtDepth(db, me.accountId, Math.floor(ENTRIES * 0.9));
  const deepCursor = Buffer.from(`e:${deep}`).toString('base64url');
  const detailId = await entryIdAtDepth(db, me.accountId, Math.floor(ENTRIES / 2));
  const cases: [string, string][] = [
    ['first page (20)', `${base}/transactions?limit=20`],
    ['first page, q=dupre (1 in 10)', `${base}/transactions?limit=20&q=dupre`],
    ['first page, q=facture 4242 (1 match)', `${base}/transactions?limit=20&q=facture%204242`],
    ['first page, q=introuvable (no match)', `${base}/transactions?limit=20&q=introuvable`],
    [`first page, month=${middleMonth}`, `${base}/transactions?limit=20&month=${middleMonth}`],
    [`month=${middleMonth} & q=dupre`, `${base}/transactions?limit=20&month=${middleMonth}&q=dupre`],
    ['deep cursor page (90% down)', `${base}/transactions?limit=20&cursor=${deepCursor}`],
    ['detail', `${base}/transactions/${detailId}`],
    [`summary month=${middleMonth}`, `${base}/summary?month=${middleMonth}`],
  ];
  const client = httpClient(server.url, 1);
  let over = 0;
  for (const [label, path] of cases) {
    const latencies: number[] = [];
    for (let i = 0; i < REQUESTS + 5; i++) {
      const t0 = performance.now();
      const res = await client.send('GET', path, me.headers);
      const ms = performance.now() - t0;
      if (res.status !== 200) throw new Error(`${label}: ${res.status} ${JSON.stringify(res.body)}`);
      if (i >= 5) latencies.push(ms); // the first few warm the caches and the plan
    }
    latencies.sort((a, b) => a - b);
    const p50 = quantile(latencies, 0.5);
    const p95 = quantile(latencies, 0.95);
    const p99 = quantile(latencies, 0.99);
    const met = p99 <= TARGET_MS;
    if (!met) over++;
    console.log(
      `${label.padEnd(40)} p50 ${p50.toFixed(1).padStart(6)} ms   p95 ${p95.toFixed(1).padStart(6)} ms   p99 ${p99
        .toFixed(1)
        .padStart(6)} ms   target p99 ≤ ${TARGET_MS} ms: ${(p99 / TARGET_MS).toFixed(2)}× — ${
        met ? 'met' : 'not met'
      }   p50 = ${(p50 / referenceMs).toFixed(1)}× a pgbench transaction`,
    );
  }
  client.close();
  if (over) process.exitCode = 1;
} finally {
  await db.close();
  await server.stop();
  await refDb.drop();
  await ourDb.drop();
}
