import { randomBytes, randomInt } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent, request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCA_TOKEN_HEADER } from '@comptoir/contracts';
import { migrate } from './db/migrate.ts';
import { openPostgres } from './db/postgres.ts';
import type { Db } from './db/types.ts';
import { CUSTOMER_COOKIE } from './http/cookies.ts';
import { customerAccounts, verifyLedger, type LedgerAccount } from './ledger/index.ts';
import { makeCustomer, type TestCustomer } from './testing/customers.ts';
import type { BeneficiaryRow } from './modules/beneficiaries/index.ts';
import { fund, payee, pool, transferToken } from './modules/transfers/__tests__/testing.ts';
import { NGINX, startNginxFront, type NginxFront } from './testing/nginx-front.ts';
import { createScratchDatabase } from './testing/scratch-database.ts';
import { spawnServer, type ServerProcess } from './testing/server-process.ts';
import { makeTestContext, type TestContext } from './testing/test-context.ts';

// N stateless instances on PostgreSQL behind an ordinary load balancer, under a fault: two real
// servers behind a real nginx run with deploy/'s configuration; customers sign in and send transfers
// through nginx from concurrent clients; one instance is killed with SIGKILL in the middle. Clients
// retry what failed with the same Idempotency-Key. Then: every acknowledged transfer exists once,
// the ledger verifies, a login rate limit counted on both instances holds at the total, and a live
// stream cut by the kill resumes on the other instance (Last-Event-ID) without losing an event.
const SENDERS = 6;
const PER_PHASE = 200;
const CLIENTS = 12;
const LOGIN_LIMIT = 30; // modules/auth/routes.ts: 30 a minute per IP

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

interface Reply {
  status: number;
  headers: IncomingMessage['headers'];
  body: string;
}

/** One request through nginx (HTTPS, its self-signed certificate) or straight to an instance (HTTP). */
function call(
  target: { https: boolean; port: number; agent?: Agent },
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: unknown,
): Promise<Reply> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const options = {
    host: '127.0.0.1',
    port: target.port,
    method,
    path,
    headers: {
      host: 'localhost',
      'x-requested-with': 'comptoir',
      ...(payload
        ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) }
        : {}),
      ...headers,
    },
  };
  return new Promise((done, fail) => {
    const onResponse = (res: IncomingMessage) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      res.on('error', fail);
    };
    const req = target.https
      ? httpsRequest(
          { ...options, servername: 'localhost', agent: target.agent, rejectUnauthorized: false },
          onResponse,
        )
      : httpRequest(options, onResponse);
    req.on('error', fail);
    req.end(payload);
  });
}

/**
 * A live stream through nginx that reconnects as EventSource does, sending the last id it received
 * as Last-Event-ID. Keeps every id received (to find a gap or a duplicate) and counts the cuts.
 */
function resumingStream(port: number, cookie: string) {
  const ids: number[] = [];
  const credits: string[] = [];
  let cuts = 0;
  let refused = 0;
  let stopped = false;
  let current: IncomingMessage | null = null;
  let last: string | undefined;
  const reconnect = () => {
    current = null;
    if (stopped) return;
    setTimeout(open, 200).unref();
  };
  const open = () => {
    const req = httpsRequest(
      {
        host: '127.0.0.1',
        port,
        path: '/api/events',
        servername: 'localhost',
        rejectUnauthorized: false,
        agent: false,
        headers: { host: 'localhost', cookie, ...(last ? { 'last-event-id': last } : {}) },
      },
      (res) => {
        if (res.statusCode !== 200) {
          refused++;
          res.resume();
          res.on('end', reconnect);
          return;
        }
        current = res;
        let buffer = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          buffer += chunk;
          let cut: number;
          while ((cut = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            const id = /^id: (\d+)$/m.exec(block)?.[1];
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (id) {
              last = id;
              ids.push(Number(id));
            }
            if (data) {
              const event = JSON.parse(data) as { type: string; number?: string };
              if (event.type === 'credit' && event.number) credits.push(event.number);
            }
          }
        });
        res.on('close', () => {
          if (!stopped) cuts++;
          reconnect();
        });
        res.on('error', () => undefined);
      },
    );
    req.on('error', reconnect);
    req.end();
  };
  open();
  return {
    ids,
    credits,
    cuts: () => cuts,
    refused: () => refused,
    stop: () => {
      stopped = true;
      current?.destroy();
    },
  };
}

describe.skipIf(!process.env.DATABASE_URL || !existsSync(NGINX))(
  'two instances behind nginx, one killed (PostgreSQL)',
  () => {
    let db: Db;
    let t: TestContext;
    let drop: () => Promise<void>;
    const scratchDirs: string[] = [];
    const instances: ServerProcess[] = [];
    let nginx: NginxFront | null = null;
    let nginxPort = 0;
    const agent = new Agent({ keepAlive: true, maxSockets: CLIENTS * 2 });
    const senders: { customer: TestCustomer; account: LedgerAccount; payee: BeneficiaryRow }[] = [];
    let receiver: { customer: TestCustomer; account: LedgerAccount };

    beforeAll(async () => {
      const scratch = await createScratchDatabase(process.env.DATABASE_URL ?? '');
      drop = () => scratch.drop();
      db = await openPostgres(scratch.url, 4);
      await migrate(db);
      t = await makeTestContext({}, { db });
      const rc = await makeCustomer(t.ctx, { firstName: 'Camille', lastName: 'Martin' });
      const ra = (await customerAccounts(db, rc.id))[0];
      if (!ra) throw new Error('no account');
      receiver = { customer: rc, account: ra };
      for (let i = 0; i < SENDERS; i++) {
        const customer = await makeCustomer(t.ctx);
        const account = (await customerAccounts(db, customer.id))[0];
        if (!account) throw new Error('no account');
        await fund(t.ctx, account, 10_000_000);
        const b = await payee(t.ctx, customer.id, { name: 'Camille Martin', iban: ra.iban ?? '' });
        senders.push({ customer, account, payee: b });
      }

      const masterKey = randomBytes(32).toString('hex');
      // One data folder for both, as a shared volume would be (the sandbox demo is seeded once).
      const dataDir = mkdtempSync(join(tmpdir(), 'comptoir-instances-'));
      scratchDirs.push(dataDir);
      for (let i = 0; i < 2; i++) {
        instances.push(
          await spawnServer({
            ...process.env,
            DATABASE_URL: scratch.url,
            DATABASE_POOL_SIZE: '8',
            PORT: '0',
            HOST: '127.0.0.1',
            DATA_DIR: dataDir,
            SANDBOX: 'true',
            MASTER_KEY: masterKey,
            TRUST_PROXY: '1',
            LOG_LEVEL: 'silent',
            REDIS_URL: '',
          }),
        );
      }

      nginx = await startNginxFront(instances.map((s) => `127.0.0.1:${s.port}`));
      nginxPort = nginx.port;
    }, 180_000);

    afterAll(async () => {
      agent.destroy();
      await nginx?.stop();
      for (const s of instances) await s.stop();
      await t?.close();
      await db?.close();
      await drop?.();
      for (const dir of scratchDirs) rmSync(dir, { recursive: true, force: true });
    });

    it('loses nothing, doubles nothing, and keeps limits and live streams across instances', async () => {
      const front = { https: true, port: nginxPort, agent };
      const signIn = async (c: TestCustomer) => {
        const res = await call(
          front,
          'POST',
          '/api/auth/login',
          {},
          { email: c.email, password: c.password },
        );
        if (res.status !== 200) throw new Error(`login: ${res.status} ${res.body}`);
        const cookie = (res.headers['set-cookie'] ?? [])
          .map((v) => v.split(';')[0] ?? '')
          .find((v) => v.startsWith(`${CUSTOMER_COOKIE}=`));
        if (!cookie) throw new Error('no session cookie');
        return cookie;
      };
      const cookies = [];
      for (const s of senders) cookies.push(await signIn(s.customer));
      const receiverCookie = await signIn(receiver.customer);
      const signIns = SENDERS + 1;

      // A login rate limit counted across both instances: the failed attempts go to each instance
      // in turn, straight (same client address as nginx's), and the limit falls at the total.
      const served = [0, 0];
      let attempts = 0;
      for (; attempts < LOGIN_LIMIT + 4; attempts++) {
        const k = attempts % 2;
        const s = instances[k] as ServerProcess;
        const res = await call(
          { https: false, port: s.port },
          'POST',
          '/api/auth/login',
          {},
          {
            email: `absent.${attempts}@exemple.fr`,
            password: 'faux',
          },
        );
        if (res.status === 429) break;
        expect(res.status).toBe(401);
        served[k]! += 1;
      }
      console.log(
        `login limit: ${signIns} sign-ins through nginx + ${attempts} failures (${served.join(' + ')} per instance), then 429`,
      );
      expect(attempts).toBe(LOGIN_LIMIT - signIns);
      expect(served[0]).toBeGreaterThan(0);
      expect(served[1]).toBeGreaterThan(0);
      const throughFront = await call(
        front,
        'POST',
        '/api/auth/login',
        {},
        { email: 'absent@exemple.fr', password: 'faux' },
      );
      expect(throughFront.status).toBe(429);

      // Two streams of the receiver through nginx (round robin: one on each instance).
      const head = async () =>
        Number(
          (
            await db.query<{ n: string }>(
              `select coalesce(max(last_seq), 0)::text as n from live_event_heads where customer_id = $1`,
              [receiver.customer.id],
            )
          ).rows[0]?.n,
        );
      const startSeq = await head();
      const streams = [resumingStream(nginxPort, receiverCookie), resumingStream(nginxPort, receiverCookie)];
      await sleep(500);

      // The transfers (on-us, instant), their SCA tokens made beforehand.
      const plans: { cookie: string; body: Record<string, unknown>; sca: string; key: string }[] = [];
      for (let i = 0; i < 4 * PER_PHASE; i++) {
        const k = i % SENDERS;
        const s = senders[k];
        if (!s) throw new Error('no sender');
        const amount = 1 + randomInt(500);
        plans.push({
          cookie: cookies[k] ?? '',
          key: `n-instances-${i}`,
          body: { accountId: String(s.account.id), beneficiaryId: s.payee.id, amount, type: 'instant' },
          sca: await transferToken(t.ctx, s.customer.id, amount, s.payee),
        });
      }
      const acked = new Map<string, string>();
      let failures = 0;
      /** Failed attempts by answer (502…) or network error (ECONNRESET…). */
      const kinds = new Map<string, number>();
      const failedKeys = new Set<string>();
      const send = async (i: number) => {
        const plan = plans[i];
        if (!plan) return;
        for (let attempt = 0; attempt < 50; attempt++) {
          try {
            const res = await call(
              front,
              'POST',
              '/api/transfers',
              { cookie: plan.cookie, 'idempotency-key': plan.key, [SCA_TOKEN_HEADER]: plan.sca },
              plan.body,
            );
            if (res.status === 201) {
              acked.set(plan.key, String((JSON.parse(res.body) as { id: string }).id));
              return;
            }
            if (res.status < 500) throw new Error(`transfer ${i}: ${res.status} ${res.body}`);
            kinds.set(String(res.status), (kinds.get(String(res.status)) ?? 0) + 1);
          } catch (error) {
            if (error instanceof Error && error.message.startsWith('transfer ')) throw error;
            const code = (error as { code?: string }).code ?? 'error';
            kinds.set(code, (kinds.get(code) ?? 0) + 1);
          }
          failures++;
          failedKeys.add(plan.key);
          await sleep(100);
        }
        throw new Error(`transfer ${i} never acknowledged`);
      };
      const phase = async (from: number, during?: (done: number) => void) => {
        let done = 0;
        const started = performance.now();
        await pool(PER_PHASE, CLIENTS, async (j) => {
          await send(from + j);
          during?.(++done);
        });
        return PER_PHASE / ((performance.now() - started) / 1000);
      };

      await phase(3 * PER_PHASE); // warm-up: connections, TLS sessions, compiled code
      const twoInstances = await phase(0);
      let killedAt = -1;
      const victim = instances[1] as ServerProcess;
      await phase(PER_PHASE, (done) => {
        if (killedAt < 0 && done >= PER_PHASE / 3) {
          killedAt = done;
          victim.kill('SIGKILL');
        }
      });
      await victim.exited;
      expect(victim.signal()).toBe('SIGKILL');
      const oneInstance = await phase(2 * PER_PHASE);
      console.log(
        `through nginx: ${twoInstances.toFixed(0)} transfers/s on two instances, ${oneInstance.toFixed(0)} on one; ` +
          `killed after ${killedAt} of the middle ${PER_PHASE}: ${failures} failed attempts (${[...kinds].map(([k, n]) => `${n} × ${k}`).join(', ')}; ${failedKeys.size} transfers) retried with their key`,
      );

      // Every acknowledged transfer exists exactly once.
      expect(acked.size).toBe(4 * PER_PHASE);
      const { rows } = await db.query<{ key: string; n: string }>(
        `select key, count(*)::text as n from idempotency_keys where key like 'n-instances-%' group by key`,
      );
      expect(rows).toHaveLength(4 * PER_PHASE);
      expect(rows.filter((r) => r.n !== '1')).toEqual([]);
      const transfers = await db.query<{ id: string; status: string }>(
        `select id::text, status from transfers where id::text = any($1::text[])`,
        [[...acked.values()]],
      );
      expect(transfers.rows).toHaveLength(4 * PER_PHASE);
      expect(new Set(transfers.rows.map((r) => r.status))).toEqual(new Set(['executed']));
      const all = await db.query<{ n: string }>(
        `select count(*)::text as n from transfers where customer_id = any($1::uuid[])`,
        [senders.map((x) => x.customer.id)],
      );
      expect(Number(all.rows[0]?.n)).toBe(4 * PER_PHASE);
      expect(await verifyLedger(db)).toEqual([]);

      // The receiver's streams: the one cut by the kill came back through nginx on the other instance;
      // both hold every event of the receiver's log since they opened, once each, in order.
      const endSeq = await head();
      const deadline = Date.now() + 15_000;
      while (streams.some((s) => (s.ids.at(-1) ?? startSeq) < endSeq) && Date.now() < deadline)
        await sleep(100);
      for (const s of streams) s.stop();
      const expected = Array.from({ length: endSeq - startSeq }, (_, i) => startSeq + 1 + i);
      console.log(
        `streams: ${streams.map((s) => `${s.ids.length} events, ${s.cuts()} cut(s), ${s.refused()} refused reconnection(s)`).join('; ')}; log ${startSeq + 1}–${endSeq}`,
      );
      expect(streams.map((s) => s.cuts()).reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
      for (const s of streams) {
        expect(s.ids).toEqual(expected);
        expect(s.credits).toHaveLength(4 * PER_PHASE);
      }
    }, 300_000);
  },
);
