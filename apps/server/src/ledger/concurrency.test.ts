import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cents } from '@comptoir/core';
import type { Db } from '../db/types.ts';
import { openTestDb, uniqueEmail } from '../testing/test-context.ts';
import { AppError } from '../errors.ts';
import { idempotent } from '../idempotency/idempotency.ts';
import { fundedAccount } from '../testing/ledger-fixtures.ts';
import {
  customerAccount,
  postEntry,
  reserveEntry,
  settleEntry,
  verifyLedger,
  voidEntry,
  type LedgerAccount,
} from './index.ts';

// The Jepsen "bank" invariant on real PostgreSQL row locks (PGlite has one connection, so nothing
// would contend there): many concurrent writers, total conserved, no floor broken, nothing lost.
const ACCOUNTS = 20;
const TRANSFERS = 2_000;
const CONNECTIONS = 32;
const FUNDING = 10_000n;

const onPostgres = Boolean(process.env.DATABASE_URL);

describe.skipIf(!onPostgres)('ledger under concurrency (PostgreSQL)', () => {
  let db: Db;
  const accounts: LedgerAccount[] = [];

  beforeAll(async () => {
    db = await openTestDb(CONNECTIONS);
    for (let i = 0; i < ACCOUNTS; i++)
      accounts.push(await db.tx((q) => fundedAccount(q, FUNDING, uniqueEmail('bank'))));
  });
  afterAll(() => db.close());

  it(`${TRANSFERS} random transfers among ${ACCOUNTS} accounts from ${CONNECTIONS} connections keep the books exact`, async () => {
    type Ack = { number: string; from: bigint; to: bigint; amount: bigint; final: 'posted' | 'voided' };
    const acked: Ack[] = [];
    const unexpected: unknown[] = [];
    let refused = 0;
    let replays = 0;
    let next = 0;

    const one = async (i: number) => {
      const fromIdx = randomInt(ACCOUNTS);
      const toIdx = (fromIdx + 1 + randomInt(ACCOUNTS - 1)) % ACCOUNTS;
      const from = accounts[fromIdx]!;
      const to = accounts[toIdx]!;
      const amount = BigInt(1 + randomInt(3_000));
      const legs = [
        { accountId: from.id, amount: cents(-amount) },
        { accountId: to.id, amount: cents(amount) },
      ];
      const mode = i % 10; // 0–6 immediate, 7–8 reserve then settle, 9 reserve then void
      const key = `bank-${process.pid}-${i}`;
      try {
        const run = () =>
          idempotent(db, `bank:${from.id}`, key, { to: String(to.id), amount: String(amount) }, async (q) => {
            const ref =
              mode < 7
                ? await postEntry(q, { kind: 'transfer', legs, at: new Date() })
                : await reserveEntry(q, { kind: 'transfer', legs, at: new Date() });
            return { status: 201, body: { entryId: String(ref.entryId), number: ref.number } };
          });
        const first = await run();
        if (i % 25 === 0) {
          // A client retry with the same key must not pay twice.
          const again = await run();
          expect(again.body).toEqual(first.body);
          replays++;
        }
        let final: Ack['final'] = 'posted';
        if (mode >= 7) {
          const entryId = BigInt(first.body.entryId);
          if (mode === 9) {
            await db.tx((q) => voidEntry(q, entryId, new Date()));
            final = 'voided';
          } else {
            await db.tx((q) => settleEntry(q, entryId, new Date()));
          }
        }
        acked.push({ number: first.body.number, from: from.id, to: to.id, amount, final });
      } catch (error) {
        if (error instanceof AppError && error.code === 'insufficient_funds') refused++;
        else unexpected.push(error);
      }
    };

    const started = performance.now();
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (next < TRANSFERS) await one(next++);
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `concurrency: ${TRANSFERS} transfers (${acked.length} acknowledged, ${refused} refused for funds, ${replays} replays) ` +
        `in ${seconds.toFixed(2)} s = ${(TRANSFERS / seconds).toFixed(0)} transfers/s over ${CONNECTIONS} connections`,
    );

    // No deadlock, serialization failure or any other error reached a caller.
    expect(unexpected).toEqual([]);
    expect(acked.length + refused).toBe(TRANSFERS);

    // Total conserved and no floor broken.
    const after = await Promise.all(accounts.map((a) => customerAccount(db, a.customerId!, a.id)));
    const total = after.reduce((s, a) => s + a.postedBalance, 0n);
    expect(total).toBe(FUNDING * BigInt(ACCOUNTS));
    for (const a of after) {
      expect(a.postedBalance).toBeGreaterThanOrEqual(0n);
      expect(a.pendingDebits).toBe(0n);
    }

    // Each account's balance is exactly what the acknowledged transfers say.
    const expected = new Map(accounts.map((a) => [a.id, FUNDING]));
    for (const t of acked.filter((x) => x.final === 'posted')) {
      expected.set(t.from, expected.get(t.from)! - t.amount);
      expected.set(t.to, expected.get(t.to)! + t.amount);
    }
    for (const a of after) expect(a.postedBalance).toBe(expected.get(a.id));

    // Every acknowledged transfer is present, once, with its final status.
    const { rows } = await db.query<{ number: string; status: string }>(
      'select number, status from ledger_entries where number = any($1::text[])',
      [acked.map((t) => t.number)],
    );
    expect(rows.length).toBe(acked.length);
    const status = new Map(rows.map((r) => [r.number, r.status]));
    for (const t of acked) expect(status.get(t.number)).toBe(t.final);

    expect(await verifyLedger(db)).toEqual([]);
  });
});
