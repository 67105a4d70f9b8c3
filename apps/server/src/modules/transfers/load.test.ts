import { randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { customerAccounts, verifyLedger } from '../../ledger/index.ts';
import { startServer, type RunningServer } from '../../server.ts';
import { createScratchDatabase } from '../../testing/scratch-database.ts';
import { makeCustomer, type TestCustomer } from '../../testing/customers.ts';
import type { BeneficiaryRow } from '../beneficiaries/index.ts';
import { httpSignIn, httpTransfer, pool } from './__tests__/http-helpers.ts';
import { fund, payee, transferToken } from './__tests__/helpers.ts';
import type { LedgerAccount } from '../../ledger/index.ts';

// The transfer rules (docs/product/transfers.md#rules-in-this-order) under load, on real PostgreSQL row locks and over real HTTP: 2,000 transfers from 32
// concurrent connections (instant on-us, instant to other banks settled or rejected, one-off
// reserved), some sent twice at once with the same Idempotency-Key. Every acknowledged transfer
// must be in the books, each balance what the acknowledgements say, and the ledger invariants hold.
const CUSTOMERS = 40;
const TRANSFERS = 2_000;
const CONNECTIONS = 32;
const FUNDING = 200_000;

interface Member {
  customer: TestCustomer;
  account: LedgerAccount;
  cookie: string;
  onUs: BeneficiaryRow[];
  settle: BeneficiaryRow;
  reject: BeneficiaryRow;
}

describe.skipIf(!process.env.DATABASE_URL)('transfers under load (PostgreSQL, HTTP)', () => {
  let server: RunningServer;
  let drop: () => Promise<void>;
  let dataDir: string;
  const members: Member[] = [];

  beforeAll(async () => {
    const scratch = await createScratchDatabase(process.env.DATABASE_URL ?? '');
    drop = () => scratch.drop();
    dataDir = mkdtempSync(join(tmpdir(), 'comptoir-load-'));
    const config = loadConfig({
      SANDBOX: 'true',
      DATA_DIR: dataDir,
      DATABASE_URL: scratch.url,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
    });
    server = await startServer({ ...config, rateLimits: false });
    const ctx = server.ctx;
    const base: Omit<Member, 'cookie' | 'onUs' | 'settle' | 'reject'>[] = [];
    for (let i = 0; i < CUSTOMERS; i++) {
      const customer = await makeCustomer(ctx, { firstName: `Client${i}`, lastName: 'Charge' });
      const account = (await customerAccounts(ctx.db, customer.id))[0];
      if (!account) throw new Error('no account');
      await fund(ctx, account, FUNDING);
      base.push({ customer, account });
    }
    for (const [i, m] of base.entries()) {
      const onUs: BeneficiaryRow[] = [];
      for (let k = 1; k <= 4; k++) {
        const other = base[(i + k * 7) % CUSTOMERS];
        if (!other || other === m) continue;
        onUs.push(
          await payee(ctx, m.customer.id, {
            name: `Client${(i + k * 7) % CUSTOMERS} Charge`,
            iban: other.account.iban ?? '',
          }),
        );
      }
      members.push({
        ...m,
        cookie: await httpSignIn(server.url, m.customer.email, m.customer.password),
        onUs,
        settle: await payee(ctx, m.customer.id, { name: 'Erika Mustermann', iban: 'DE55370400440532014000' }),
        reject: await payee(ctx, m.customer.id, { name: 'Jonas Becker', iban: 'DE28370400440532014001' }),
      });
    }
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await drop?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(`${TRANSFERS} transfers from ${CONNECTIONS} connections keep every invariant and every acknowledgement`, async () => {
    const ctx = server.ctx;
    // Prepare each request and its SCA token first, so the run itself is only HTTP.
    const plans: {
      m: Member;
      body: { accountId: string; beneficiaryId: string; amount: number; type: string; reference: string };
      key: string;
      sca: string;
      twice: boolean;
    }[] = [];
    for (let i = 0; i < TRANSFERS; i++) {
      const m = members[randomInt(CUSTOMERS)];
      if (!m) throw new Error('no member');
      const mode = i % 10;
      const b =
        mode <= 5
          ? m.onUs[randomInt(m.onUs.length)]
          : mode === 6
            ? m.settle
            : mode === 7
              ? m.reject
              : m.onUs[0];
      if (!b) throw new Error('no payee');
      const amount = 1 + randomInt(3_000);
      plans.push({
        m,
        body: {
          accountId: String(m.account.id),
          beneficiaryId: b.id,
          amount,
          type: mode >= 8 ? 'standard' : 'instant',
          reference: `Charge ${i}`,
        },
        key: `load-transfer-${i}`,
        sca: await transferToken(ctx, m.customer.id, amount, b),
        twice: i % 25 === 0,
      });
    }

    const acked = new Map<
      string,
      { id: string; status: string; payer: Member; amount: number; payeeIban: string }
    >();
    const unexpected: string[] = [];
    let refused = 0;
    const started = performance.now();
    await pool(TRANSFERS, CONNECTIONS, async (i) => {
      const plan = plans[i];
      if (!plan) return;
      const send = () => httpTransfer(server.url, plan.m.cookie, plan.body, { key: plan.key, sca: plan.sca });
      const answers = plan.twice ? await Promise.all([send(), send()]) : [await send()];
      for (const res of answers) {
        if (res.status === 201) {
          const id = String(res.json.id);
          const seen = acked.get(plan.key);
          if (seen && seen.id !== id) unexpected.push(`key ${plan.key} answered two transfers`);
          acked.set(plan.key, {
            id,
            status: String(res.json.status),
            payer: plan.m,
            amount: plan.body.amount,
            payeeIban: String(res.json.payeeIban),
          });
        } else if (res.status === 422) refused++;
        else unexpected.push(`${res.status} ${JSON.stringify(res.json)}`);
      }
    });
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `${TRANSFERS} transfers (${acked.size} acknowledged, ${refused} refused for funds) in ${seconds.toFixed(1)} s: ${(TRANSFERS / seconds).toFixed(0)}/s`,
    );
    expect(unexpected).toEqual([]);

    // Every acknowledged transfer is in the books with the status it was answered with.
    const { rows } = await ctx.db.query<{ id: string; status: string; entry_id: bigint | null }>(
      'select id, status, entry_id from transfers where customer_id = any($1::uuid[])',
      [members.map((m) => m.customer.id)],
    );
    const stored = new Map(rows.map((r) => [r.id, r]));
    for (const a of acked.values()) {
      expect(stored.get(a.id), a.id).toMatchObject({ status: a.status });
      expect(stored.get(a.id)?.entry_id).not.toBeNull();
    }
    expect(rows.length).toBe(acked.size);

    // Each balance is exactly what the acknowledgements say.
    const byIban = new Map(members.map((m) => [m.account.iban, m]));
    const expected = new Map(members.map((m) => [m.customer.id, { posted: BigInt(FUNDING), pending: 0n }]));
    for (const a of acked.values()) {
      const payer = expected.get(a.payer.customer.id);
      if (!payer) throw new Error('unknown payer');
      if (a.status === 'executed') {
        payer.posted -= BigInt(a.amount);
        const payeeMember = byIban.get(a.payeeIban);
        if (payeeMember) {
          const p = expected.get(payeeMember.customer.id);
          if (p) p.posted += BigInt(a.amount);
        }
      } else if (a.status === 'pending') payer.pending += BigInt(a.amount);
    }
    for (const m of members) {
      const account = (await customerAccounts(ctx.db, m.customer.id))[0];
      expect({ posted: account?.postedBalance, pending: account?.pendingDebits }).toEqual(
        expected.get(m.customer.id),
      );
    }
    expect(await verifyLedger(ctx.db)).toEqual([]);
  }, 120_000);
});
