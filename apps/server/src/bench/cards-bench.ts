/**
 * `npm run bench:cards`: sandbox card authorisations over HTTP against the real server (a child
 * process, as `npm start` runs it, on PostgreSQL), compared with pgbench's TPC-B-like transaction
 * measured in the same run on the same PostgreSQL at a scale of at least the client count.
 *
 * POST /api/sandbox/card-authorizations with the sandbox key, one-cent payments on BENCH_CARDS cards
 * (default 1 000, so that 8 connections rarely meet on one card's row lock; each card has its own
 * account), at BENCH_CLIENTS connections (default 8) for BENCH_SECONDS (default 20). Prints
 * authorisations/s, p50/p99 and the ratio to pgbench, where the CPU went and the database ceiling,
 * then each target (throughput ≥ 0.4× pgbench, p99 ≤ 30 ms, the database's CPU per authorisation
 * ≤ 2× its CPU per pgbench transaction) with its measured value and met / not met; then checks every
 * ledger invariant.
 * BENCH_STATEMENTS=1: on a private PostgreSQL with pg_stat_statements, and after each run what each
 * statement cost per authorisation (statement-profile.ts).
 */
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { createScratchDatabase } from '../testing/scratch-database.ts';
import { openPostgres } from '../db/postgres.ts';
import { migrate } from '../db/migrate.ts';
import { verifyLedger } from '../ledger/index.ts';
import { pgbenchTps } from './pgbench.ts';
import { quietDatabase } from './quiet-database.ts';
import { resultLine, startServerProcess } from './server-process.ts';
import { databaseCeiling, databaseCostRatio, perRequest, withCpu } from './cpu-account.ts';
import { cpuCostTarget, p99Target, printTargets, ratioTarget } from './targets.ts';
import { httpClient, runLoad } from './http-load.ts';
import { prepareCards } from './card-fixtures.ts';
import { authorizationOutcomes } from './card-queries.ts';
import {
  benchPostgres,
  printStatementProfile,
  PROFILE_STATEMENTS,
  resetStatementProfile,
} from './statement-profile.ts';

const BASE = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const CLIENT_COUNTS = (process.env.BENCH_CLIENTS ?? '8').split(',').map(Number);
const CARDS = Number(process.env.BENCH_CARDS ?? 1_000);
const MASTER_KEY = randomBytes(32);
const SANDBOX_KEY = randomBytes(24).toString('base64url');

const postgres = await benchPostgres(BASE);
const refDb = await createScratchDatabase(postgres.url);
const ourDb = await createScratchDatabase(postgres.url);
const db = await openPostgres(ourDb.url, 8);
await migrate(db);
const server = await startServerProcess(ourDb.url, {
  SANDBOX_API_KEY: SANDBOX_KEY,
  MASTER_KEY: MASTER_KEY.toString('hex'),
});
try {
  console.log(
    `bench:cards: ${CARDS} cards, ${SECONDS} s per run, on ${new URL(postgres.url).host}; server ${server.url}`,
  );
  const setupStarted = performance.now();
  const cards = await prepareCards(db, MASTER_KEY, CARDS);
  console.log(`setup: ${((performance.now() - setupStarted) / 1000).toFixed(1)} s`);
  await quietDatabase(db);

  for (const clients of CLIENT_COUNTS) {
    const pgbench = pgbenchTps(refDb.url, clients, SECONDS);
    const reference = pgbench.tps;
    console.log(
      `\n${clients} connections — reference pgbench TPC-B-like, scale ${pgbench.scale}: ${reference.toFixed(0)} tx/s`,
    );
    console.log(`  pgbench ${perRequest(pgbench.cpu, pgbench.transactions, 'transaction')}`);
    const client = httpClient(server.url, clients);
    const headers = { authorization: `Bearer ${SANDBOX_KEY}`, 'x-requested-with': 'comptoir' };
    if (PROFILE_STATEMENTS) await resetStatementProfile(db);
    const { result, cpu: cpuUsed } = await withCpu(server.pid, () =>
      runLoad(clients, SECONDS, async () => {
        const card = cards[randomInt(cards.length)]!;
        const res = await client.send(
          'POST',
          '/api/sandbox/card-authorizations',
          { ...headers, 'idempotency-key': randomUUID() },
          {
            pan: card.pan,
            expiry: card.expiry,
            cvv: card.cvv,
            amount: 1,
            merchant: 'Bench',
            // In store: online, the low-value exemption would decline each card after 5 payments.
            channel: 'in_store',
          },
        );
        const body = res.body as { approved?: boolean };
        return res.status === 200 && body.approved === true
          ? true
          : `${res.status} ${JSON.stringify(res.body)}`;
      }),
    );
    client.close();
    console.log(resultLine('POST /api/sandbox/card-authorizations', result, reference));
    const dbCost = databaseCostRatio(cpuUsed, result.count, pgbench);
    console.log(
      `  ${perRequest(cpuUsed, result.count)} = ${dbCost.toFixed(2)}× pgbench's db per transaction`,
    );
    console.log(`  ${databaseCeiling(cpuUsed, result.count, reference)}`);
    if (PROFILE_STATEMENTS) await printStatementProfile(db, result.count, 'authorisation');
    printTargets(`targets (${clients} connections)`, [
      ...ratioTarget('authorisations, ratio to pgbench', result, reference, 0.4),
      ...p99Target('authorisations, p99', result, 30),
      ...cpuCostTarget('database CPU per authorisation', dbCost, 2),
    ]);
  }

  console.log(
    `\nauthorisations: ${(await authorizationOutcomes(db)).map((o) => `${o.outcome} ${o.n}`).join(', ')}`,
  );
  const violations = await verifyLedger(db);
  console.log(
    `ledger: ${violations.length === 0 ? 'every invariant holds' : `${violations.length} violations`}`,
  );
  if (violations.length) process.exitCode = 1;
} finally {
  await db.close();
  await server.stop();
  await refDb.drop();
  await ourDb.drop();
  await postgres.stop();
}
