/**
 * `npm run bench:transfers`: customer transfers over HTTP against the real server (a child process,
 * as `npm start` runs it, on PostgreSQL), compared with pgbench's TPC-B-like transaction measured in
 * the same run on the same PostgreSQL at a scale of at least the client count.
 *
 *   (a) POST /api/transfers, on-us instant, each with a valid single-use SCA token made beforehand
 *   (b) the whole strong-authentication flow: challenge → verify (TOTP) → transfer
 *   (c) hot account: every customer pays the same account
 *
 * Each at 8 and 32 connections (BENCH_CLIENTS="8,32"), BENCH_SECONDS each (default 10). Prints
 * transfers/s, p50/p99 and the ratio to pgbench, then each target (docs/performance.md) with its
 * measured value, the server's peak memory, and checks every ledger invariant.
 * BENCH_STATEMENTS=1: on a private PostgreSQL with pg_stat_statements, and after each run (a) what
 * each statement cost per transfer (statement-profile.ts).
 */
import { randomUUID } from 'node:crypto';
import { transferScaDetails } from '@comptoir/contracts';
import { parisDate } from '@comptoir/core';
import { systemClock } from '../clock.ts';
import { createScratchDatabase } from '../testing/scratch-database.ts';
import { openPostgres } from '../db/postgres.ts';
import { verifyLedger } from '../ledger/index.ts';
import { pgbenchTps } from './pgbench.ts';
import { resultLine, startServerProcess } from './server-process.ts';
import { httpClient, runLoad } from './http-load.ts';
import { prepareCustomers, grantTransferTokens, type BenchCustomer } from './transfer-fixtures.ts';
import { enrolTotp, totpCodeNow } from './sca-flow.ts';
import { peakRssMb, printTargets, type Target } from './targets.ts';
import { databaseCeiling, perRequest, withCpu } from './cpu-account.ts';
import type { LoadResult } from './http-load.ts';
import {
  benchPostgres,
  printStatementProfile,
  PROFILE_STATEMENTS,
  resetStatementProfile,
} from './statement-profile.ts';

const BASE = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CLIENT_COUNTS = (process.env.BENCH_CLIENTS ?? '8,32').split(',').map(Number);
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 3_000);
const AMOUNT = 1; // one cent: balances never run out
/** BENCH_SCENARIOS="a,c": only those runs (default all three). */
const SCENARIOS = new Set((process.env.BENCH_SCENARIOS ?? 'a,b,c').split(','));

const postgres = await benchPostgres(BASE);
const refDb = await createScratchDatabase(postgres.url);
const ourDb = await createScratchDatabase(postgres.url);
const server = await startServerProcess(ourDb.url);
const db = await openPostgres(ourDb.url, 8);
const runs = new Map<string, { r: LoadResult; reference: number }>();
try {
  console.log(
    `bench:transfers: ${CUSTOMERS} customers, ${SECONDS} s per run, on ${new URL(postgres.url).host}; server ${server.url}`,
  );
  const setupStarted = performance.now();
  const customers = await prepareCustomers(db, CUSTOMERS);
  const hot = customers[0]!;
  const setupClient = httpClient(server.url, 8);
  await Promise.all(
    Array.from({ length: 8 }, async (_, w) => {
      for (let i = w; i < customers.length; i += 8) await enrolTotp(setupClient, customers[i]!);
    }),
  );
  setupClient.close();
  console.log(`setup: ${((performance.now() - setupStarted) / 1000).toFixed(1)} s`);

  for (const clients of CLIENT_COUNTS) {
    const { tps: reference, scale, transactions, cpu } = pgbenchTps(refDb.url, clients, SECONDS);
    console.log(
      `\n${clients} connections — reference pgbench TPC-B-like, scale ${scale}: ${reference.toFixed(0)} tx/s`,
    );
    console.log(`  pgbench ${perRequest(cpu, transactions, 'transaction')}`);
    /** Runs a load and prints its line and where its CPU went. */
    const measured = async (label: string, load: () => Promise<LoadResult>): Promise<LoadResult> => {
      const { result: r, cpu: used } = await withCpu(server.pid, load);
      console.log(resultLine(label, r, reference));
      console.log(`  ${perRequest(used, r.count)}`);
      console.log(`  ${databaseCeiling(used, r.count, reference)}`);
      return r;
    };
    const client = httpClient(server.url, clients);
    const transfer = async (
      c: BenchCustomer,
      beneficiaryId: string,
      token: string,
    ): Promise<true | string> => {
      const res = await client.send(
        'POST',
        '/api/transfers',
        { ...c.headers, 'idempotency-key': randomUUID(), 'x-sca-token': token },
        { accountId: c.accountId, beneficiaryId, amount: AMOUNT, reference: 'bench', type: 'instant' },
      );
      return res.status === 201 || res.status === 200 ? true : `${res.status} ${JSON.stringify(res.body)}`;
    };

    // (a) on-us transfers with tokens made beforehand
    const perCustomer = Math.ceil((4_000 * SECONDS) / customers.length);
    if (SCENARIOS.has('a')) {
      const tokensA = await grantTransferTokens(db, customers, 'peer', perCustomer);
      if (PROFILE_STATEMENTS) await resetStatementProfile(db);
      const a = await measured('(a) POST /api/transfers (on-us)', () =>
        runLoad(clients, SECONDS, (_w, i) => {
          const c = customers[i % customers.length]!;
          const token = tokensA.get(c.id)?.pop();
          return token ? transfer(c, c.peerBeneficiaryId, token) : Promise.resolve('out of prepared tokens');
        }),
      );
      if (PROFILE_STATEMENTS) await printStatementProfile(db, a.count, 'transfer');
      runs.set(`a${clients}`, { r: a, reference });
    }

    // (b) challenge → verify → transfer; each customer's TOTP step is used once
    if (SCENARIOS.has('b')) {
      let nextCustomer = 0;
      const b = await measured('(b) challenge → verify → transfer', () =>
        runLoad(clients, SECONDS, async () => {
          // A customer whose current TOTP step is still unused (a step is accepted once).
          let c: BenchCustomer | undefined;
          let code: string | null = null;
          for (let tries = 0; tries < customers.length && code === null; tries++) {
            c = customers[nextCustomer++ % customers.length]!;
            code = totpCodeNow(c);
          }
          if (!c || code === null) return 'every customer used this TOTP step';
          const challenge = await client.send('POST', '/api/sca/challenges', c.headers, {
            action: 'transfer',
            details: transferScaDetails({ amount: AMOUNT }, c.peer, parisDate(systemClock.now())),
          });
          if (challenge.status !== 201 && challenge.status !== 200) return `challenge ${challenge.status}`;
          const { id } = challenge.body as { id: string };
          const verify = await client.send('POST', `/api/sca/challenges/${id}/verify`, c.headers, { code });
          if (verify.status !== 200) return `verify ${verify.status} ${JSON.stringify(verify.body)}`;
          return transfer(c, c.peerBeneficiaryId, (verify.body as { scaToken: string }).scaToken);
        }),
      );
      runs.set(`b${clients}`, { r: b, reference });
    }

    // (c) hot account: everyone pays the first customer
    if (SCENARIOS.has('c')) {
      const tokensC = await grantTransferTokens(db, customers.slice(1), 'hot', perCustomer);
      const c = await measured(`(c) hot account (all pay ${hot.name})`, () =>
        runLoad(clients, SECONDS, (_w, i) => {
          const payer = customers[1 + (i % (customers.length - 1))]!;
          const token = tokensC.get(payer.id)?.pop();
          return token
            ? transfer(payer, payer.hotBeneficiaryId, token)
            : Promise.resolve('out of prepared tokens');
        }),
      );
      runs.set(`c${clients}`, { r: c, reference });
    }
    client.close();
  }

  const rss = peakRssMb(server.pid);
  printTargets('targets (8 connections unless said)', [
    ...ratioTarget('(a) transfers, ratio to pgbench', runs.get('a8'), 0.5),
    ...p99Target('(a) transfers, p99', runs.get('a8'), 50),
    ...noWorseTarget('(a) at 32 connections vs 8, transfers/s', runs.get('a32'), runs.get('a8')),
    ...ratioTarget('(b) challenge → verify → transfer, ratio', runs.get('b8'), 0.25),
    ...ratioTarget('(c) hot account, ratio to pgbench', runs.get('c8'), 0.5),
    {
      label: 'server peak memory (RSS)',
      wanted: '≤ 250 MB',
      measured: `${rss.toFixed(0)} MB`,
      met: rss <= 250,
    },
  ]);

  const violations = await verifyLedger(db);
  console.log(
    `\nledger: ${violations.length === 0 ? 'every invariant holds' : `${violations.length} violations`}`,
  );
  if (violations.length) process.exitCode = 1;
} finally {
  await db.close();
  await server.stop();
  await refDb.drop();
  await ourDb.drop();
  await postgres.stop();
}

type Run = { r: LoadResult; reference: number } | undefined;

function ratioTarget(label: string, run: Run, wanted: number): Target[] {
  if (!run) return [];
  const ratio = run.r.perSecond / run.reference;
  const measured = `${ratio.toFixed(2)}×`;
  return [{ label, wanted: `≥ ${wanted}× pgbench`, measured, met: ratio >= wanted && !run.r.failures }];
}

function p99Target(label: string, run: Run, wantedMs: number): Target[] {
  if (!run) return [];
  return [
    { label, wanted: `≤ ${wantedMs} ms`, measured: `${run.r.p99.toFixed(1)} ms`, met: run.r.p99 <= wantedMs },
  ];
}

function noWorseTarget(label: string, more: Run, base: Run): Target[] {
  if (!more || !base) return [];
  const measured = `${more.r.perSecond.toFixed(0)} vs ${base.r.perSecond.toFixed(0)} /s`;
  return [{ label, wanted: 'no fewer', measured, met: more.r.perSecond >= base.r.perSecond }];
}
