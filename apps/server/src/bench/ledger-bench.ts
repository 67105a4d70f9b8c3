/**
 * `npm run bench`: ledger throughput against a reference measured in the same run.
 * Reference: pgbench's built-in TPC-B-like transaction (3 updates, 1 select, 1 insert) on the same
 * PostgreSQL with the same client count, at a scale of at least the client count (bench/pgbench.ts). The ratio (ours / pgbench) is the figure to watch; absolute
 * numbers depend on the machine. Needs DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres).
 */
import { randomInt } from 'node:crypto';
import { openPostgres } from '../db/postgres.ts';
import { migrate } from '../db/migrate.ts';
import { createScratchDatabase } from '../testing/scratch-database.ts';
import { fundedAccount, move } from '../testing/ledger-fixtures.ts';
import { postEntry, verifyLedger, type LedgerAccount } from '../ledger/index.ts';
import { pgbenchTps, quantile } from './pgbench.ts';

const BASE = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 8);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ACCOUNTS = 1_000;

async function ledgerTps(url: string): Promise<{ tps: number; p50: number; p99: number }> {
  const db = await openPostgres(url, CLIENTS);
  await migrate(db);
  const accounts: LedgerAccount[] = [];
  for (let i = 0; i < ACCOUNTS; i++) {
    accounts.push(await db.tx((q) => fundedAccount(q, 1_000_000, `bench${i}@bench.test`)));
  }
  const latencies: number[] = [];
  const deadline = performance.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (performance.now() < deadline) {
        const from = accounts[randomInt(ACCOUNTS)]!;
        const to = accounts[randomInt(ACCOUNTS)]!;
        if (from === to) continue;
        const t0 = performance.now();
        await db.tx((q) => postEntry(q, move(from, to, 1)));
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const violations = await verifyLedger(db);
  await db.close();
  if (violations.length) throw new Error(`ledger broken after the bench: ${violations.length} violations`);
  latencies.sort((a, b) => a - b);
  return { tps: latencies.length / SECONDS, p50: quantile(latencies, 0.5), p99: quantile(latencies, 0.99) };
}

const refDb = await createScratchDatabase(BASE);
const ourDb = await createScratchDatabase(BASE);
try {
  console.log(`bench: ${CLIENTS} clients, ${SECONDS} s each, on ${new URL(BASE).host}`);
  const { tps: reference, scale } = pgbenchTps(refDb.url, CLIENTS, SECONDS);
  console.log(`reference  pgbench TPC-B-like (s=${scale})  ${reference.toFixed(0).padStart(7)} tx/s`);
  const ours = await ledgerTps(ourDb.url);
  console.log(
    `ledger     postEntry (2 legs, locked)  ${ours.tps.toFixed(0).padStart(7)} tx/s   p50 ${ours.p50.toFixed(1)} ms   p99 ${ours.p99.toFixed(1)} ms`,
  );
  console.log(`ratio      ledger / pgbench            ${(ours.tps / reference).toFixed(2)}`);
} finally {
  await refDb.drop();
  await ourDb.drop();
}
