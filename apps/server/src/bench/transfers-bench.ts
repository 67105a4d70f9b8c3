/**
 * `npm run bench:transfers`: customer transfers over HTTP against the real server (a child process,
 * as `npm start` runs it, on PostgreSQL), compared with pgbench's TPC-B-like transaction measured in
 * the same run on the same PostgreSQL at a scale of at least the client count.
 *
 *   (a) POST /api/transfers, on-us instant, each with a valid single-use SCA token made beforehand
 *   (b) the whole strong-authentication flow: challenge → verify (TOTP) → transfer
 *   (c) hot account: every customer pays the same account
 *   (n) (a) through the deploy/nginx front (TLS, HTTP/1.1 keep-alive to the instances): in front of
 *       the one instance, then of two on the same database and data folder (at the first client
 *       count only)
 *
 * Each at 8 and 32 connections (BENCH_CLIENTS="8,32"), BENCH_SECONDS each (default 10). Prints
 * transfers/s, p50/p99 and the ratio to pgbench, where the CPU went (the database's per transfer
 * against its per pgbench transaction) and the database ceiling, then each target
 * (docs/performance.md) with its measured value, the server's peak memory, and checks every ledger
 * invariant.
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
import { quietDatabase } from './quiet-database.ts';
import { resultLine, startServerProcess } from './server-process.ts';
import { httpClient, runLoad } from './http-load.ts';
import { prepareCustomers, grantTransferTokens, type BenchCustomer } from './transfer-fixtures.ts';
import { enrolTotp, totpCodeNow } from './sca-flow.ts';
import { cpuCostTarget, p99Target, peakRssMb, printTargets, ratioTarget, type Target } from './targets.ts';
import { databaseCeiling, databaseCostRatio, perRequest, withCpu } from './cpu-account.ts';
import { startNginxFront } from '../testing/nginx-front.ts';
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
/** BENCH_SCENARIOS="a,c": only those runs (default all four). */
const SCENARIOS = new Set((process.env.BENCH_SCENARIOS ?? 'a,b,c,n').split(','));

const postgres = await benchPostgres(BASE);
const refDb = await createScratchDatabase(postgres.url);
const ourDb = await createScratchDatabase(postgres.url);
const server = await startServerProcess(ourDb.url);
const db = await openPostgres(ourDb.url, 8);
/** Each run by scenario and client count (`a8`): its result, pgbench's rate, the database's cost in pgbench transactions. */
const runs = new Map<string, Run>();
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
  await quietDatabase(db);

  for (const clients of CLIENT_COUNTS) {
    const pgbench = pgbenchTps(refDb.url, clients, SECONDS);
    const reference = pgbench.tps;
    console.log(
      `\n${clients} connections — reference pgbench TPC-B-like, scale ${pgbench.scale}: ${reference.toFixed(0)} tx/s`,
    );
    console.log(`  pgbench ${perRequest(pgbench.cpu, pgbench.transactions, 'transaction')}`);
    /** Runs a load, prints its line and where its CPU went, and keeps it as `key`. */
    const measured = async (
      key: string,
      label: string,
      load: () => Promise<LoadResult>,
    ): Promise<LoadResult> => {
      const { result: r, cpu: used } = await withCpu(server.pid, load);
      const dbCost = databaseCostRatio(used, r.count, pgbench);
      console.log(resultLine(label, r, reference));
      console.log(`  ${perRequest(used, r.count)} = ${dbCost.toFixed(2)}× pgbench's db per transaction`);
      console.log(`  ${databaseCeiling(used, r.count, reference)}`);
      runs.set(`${key}${clients}`, { r, reference, dbCost });
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
      const a = await measured('a', '(a) POST /api/transfers (on-us)', () =>
        runLoad(clients, SECONDS, (_w, i) => {
          const c = customers[i % customers.length]!;
          const token = tokensA.get(c.id)?.pop();
          return token ? transfer(c, c.peerBeneficiaryId, token) : Promise.resolve('out of prepared tokens');
        }),
      );
      if (PROFILE_STATEMENTS) await printStatementProfile(db, a.count, 'transfer');
    }

    // (b) challenge → verify → transfer; each customer's TOTP step is used once
    if (SCENARIOS.has('b')) {
      let nextCustomer = 0;
      await measured('b', '(b) challenge → verify → transfer', () =>
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
    }

    // (c) hot account: everyone pays the first customer
    if (SCENARIOS.has('c')) {
      const tokensC = await grantTransferTokens(db, customers.slice(1), 'hot', perCustomer);
      await measured('c', `(c) hot account (all pay ${hot.name})`, () =>
        runLoad(clients, SECONDS, (_w, i) => {
          const payer = customers[1 + (i % (customers.length - 1))]!;
          const token = tokensC.get(payer.id)?.pop();
          return token
            ? transfer(payer, payer.hotBeneficiaryId, token)
            : Promise.resolve('out of prepared tokens');
        }),
      );
    }
    client.close();

    // (n) (a) through nginx: in front of one instance, then of two
    if (SCENARIOS.has('n') && clients === CLIENT_COUNTS[0]) {
      const tokensN = await grantTransferTokens(db, customers, 'peer', 2 * perCustomer);
      const throughFront = async (key: string, label: string, upstreams: string[]) => {
        const front = await startNginxFront(upstreams);
        const viaFront = httpClient(`https://127.0.0.1:${front.port}`, clients, front.certificate);
        try {
          await measured(key, label, () =>
            runLoad(clients, SECONDS, async (_w, i) => {
              const c = customers[i % customers.length]!;
              const token = tokensN.get(c.id)?.pop();
              if (!token) return 'out of prepared tokens';
              const res = await viaFront.send(
                'POST',
                '/api/transfers',
                { ...c.headers, 'idempotency-key': randomUUID(), 'x-sca-token': token },
                {
                  accountId: c.accountId,
                  beneficiaryId: c.peerBeneficiaryId,
                  amount: AMOUNT,
                  reference: 'bench',
                  type: 'instant',
                },
              );
              return res.status === 201 || res.status === 200
                ? true
                : `${res.status} ${JSON.stringify(res.body)}`;
            }),
          );
        } finally {
          viaFront.close();
          await front.stop();
        }
      };
      const hostOf = (url: string) => new URL(url).host;
      await throughFront('n1_', '(n) (a) through nginx, one instance', [hostOf(server.url)]);
      const second = await startServerProcess(ourDb.url, {}, { dataDir: server.dataDir });
      try {
        await throughFront('n2_', '(n) (a) through nginx, two instances', [
          hostOf(server.url),
          hostOf(second.url),
        ]);
      } finally {
        await second.stop();
      }
    }
  }

  const rss = peakRssMb(server.pid);
  const [first = 8] = CLIENT_COUNTS;
  const at = (key: string) => runs.get(`${key}${first}`);
  const ratio = (label: string, key: string, wanted: number) => {
    const run = at(key);
    return ratioTarget(label, run?.r, run?.reference ?? 0, wanted);
  };
  printTargets(`targets (${first} connections unless said)`, [
    ...cpuCostTarget('(a) database CPU per transfer', at('a')?.dbCost, 3),
    ...ratio('(a) transfers, ratio to pgbench', 'a', 0.3),
    ...p99Target('(a) transfers, p99', at('a')?.r, 50),
    ...noWorseTarget('(a) at 32 connections vs 8, transfers/s', runs.get('a32'), at('a')),
    ...noWorseTarget('(n) two instances vs one, behind nginx', at('n2_'), at('n1_')),
    ...ratio('(b) challenge → verify → transfer, ratio', 'b', 0.15),
    ...ratio('(c) hot account, ratio to pgbench', 'c', 0.25),
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

interface Run {
  r: LoadResult;
  reference: number;
  dbCost: number;
}

function noWorseTarget(label: string, more: Run | undefined, base: Run | undefined): Target[] {
  if (!more || !base) return [];
  const measured = `${more.r.perSecond.toFixed(0)} vs ${base.r.perSecond.toFixed(0)} /s`;
  return [{ label, wanted: 'no fewer', measured, met: more.r.perSecond >= base.r.perSecond }];
}
