import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../db/postgres.ts';
import { migrate } from '../../db/migrate.ts';
import type { Db } from '../../db/types.ts';
import { createScratchDatabase } from '../../testing/scratch-database.ts';
import { makeTestContext, type TestContext } from '../../testing/test-context.ts';
import { runScreening } from './run-screening-service.ts';
import {
  addBeneficiary,
  customerNamed,
  listedPerson,
  loadListVersion,
} from './__tests__/screening-fixtures.ts';

// Two servers (two contexts, two connection pools) on one PostgreSQL run the screening job at the
// same time, three runs each, in small batches so that they meet on the same rows: after the list's
// first version, after a Paris day goes by, and after a new list version, every customer is screened
// exactly once for each — and a customer approved in between too.
const CUSTOMERS = 240;
const BATCH = 20;
const DAY = 24 * 60 * 60 * 1000;
const LIST = [
  listedPerson(3001, 'Viktor', 'KRASNOV', { year: 1961, month: 5, day: 2 }),
  listedPerson(3002, 'Oksana', 'BELYAEVA', { year: 1975 }),
];

describe.skipIf(!process.env.DATABASE_URL)('the screening job on two instances (PostgreSQL)', () => {
  let dbs: Db[] = [];
  let instances: TestContext[] = [];
  let drop: () => Promise<void>;
  const customers: string[] = [];

  beforeAll(async () => {
    const scratch = await createScratchDatabase(process.env.DATABASE_URL ?? '');
    drop = () => scratch.drop();
    dbs = [await openPostgres(scratch.url, 6), await openPostgres(scratch.url, 6)];
    await migrate(dbs[0] as Db);
    instances = [await makeTestContext({}, { db: dbs[0] }), await makeTestContext({}, { db: dbs[1] })];
    const ctx = (instances[0] as TestContext).ctx;
    for (let i = 0; i < CUSTOMERS; i++) {
      const id = await customerNamed(
        ctx,
        `Prénom${i}`,
        `Nom${i}`,
        '1980-01-01',
        i % 4 === 0 ? 'pending_review' : 'active',
      );
      if (i % 10 === 0) await addBeneficiary(ctx, id, `Bénéficiaire ${i}`);
      customers.push(id);
    }
    customers.push(await customerNamed(ctx, 'Viktor', 'Krasnov', '1961-05-02'));
  }, 180_000);

  afterAll(async () => {
    for (const t of instances) await t.close();
    for (const db of dbs) await db.close();
    await drop?.();
  });

  /** Both instances at the same time, three runs each; returns the subjects each run screened. */
  async function runTogether(): Promise<number> {
    const runs = await Promise.all(
      instances.flatMap((t) => [1, 2, 3].map(() => runScreening(t.ctx, { batchSize: BATCH }))),
    );
    // What a run left (its time budget) the next takes; nothing is due in the end.
    let more = 0;
    for (let n = -1; n !== 0;) {
      n = await runScreening((instances[1] as TestContext).ctx, { batchSize: BATCH });
      more += n;
    }
    return runs.reduce((a, b) => a + b, 0) + more;
  }

  /** Screenings per (customer subject, reason): every count should be 1. */
  async function countsBy(reason: string) {
    const { rows } = await (dbs[0] as Db).query<{ subject_kind: string; n: number; subjects: number }>(
      `select subject_kind, count(*)::int as n, count(distinct subject_id)::int as subjects
         from screenings where reason = $1 group by subject_kind order by subject_kind`,
      [reason],
    );
    return rows;
  }

  const setClocks = (at: number) => {
    for (const t of instances) t.clock.advance(at - t.clock.now().getTime());
  };

  it('screens each customer and beneficiary once per reason, whatever instance claims them', async () => {
    const start = Date.parse('2031-03-10T10:00:00+01:00');
    setClocks(start);
    const version1 = await loadListVersion((instances[0] as TestContext).ctx, LIST);
    const beneficiaries = CUSTOMERS / 10;

    expect(await runTogether()).toBe(customers.length + beneficiaries);
    expect(await countsBy('new_subject')).toEqual([
      { subject_kind: 'beneficiary', n: beneficiaries, subjects: beneficiaries },
      { subject_kind: 'customer', n: customers.length, subjects: customers.length },
    ]);
    const alerts = await (dbs[0] as Db).query<{ n: number }>(
      `select count(*)::int as n from screening_alerts where logical_id = 3001`,
    );
    expect(alerts.rows[0]?.n).toBe(1);

    // A Paris day later: every customer once (daily), beneficiaries not.
    setClocks(start + DAY);
    expect(await runTogether()).toBe(customers.length);
    expect(await countsBy('daily')).toEqual([
      { subject_kind: 'customer', n: customers.length, subjects: customers.length },
    ]);

    // Between the two: a customer opens an account, another's application is approved.
    const ctx = (instances[0] as TestContext).ctx;
    const newcomer = await customerNamed(ctx, 'Aurélie', 'Nouvelle', '1999-09-09');
    const pending = customers[0] ?? '';
    await ctx.db.query(`update customers set status = 'active' where id = $1 and status = 'pending_review'`, [
      pending,
    ]);

    const version2 = await loadListVersion(ctx, [
      ...LIST,
      listedPerson(3003, 'Bruno', 'VASSEUR', { year: 1959 }),
    ]);
    expect(version2.number).toBe(version1.number + 1);
    expect(await runTogether()).toBe(customers.length + beneficiaries + 1);
    expect(await countsBy('list_version')).toEqual([
      { subject_kind: 'beneficiary', n: beneficiaries, subjects: beneficiaries },
      { subject_kind: 'customer', n: customers.length, subjects: customers.length },
    ]);
    const { rows } = await ctx.db.query<{ subject_id: string; reason: string; version: number }>(
      `select s.subject_id, s.reason, v.version_number as version
         from screenings s join sanctions_list_versions v on v.id = s.list_version_id
        where s.subject_id = any($1::uuid[]) order by s.id`,
      [[newcomer, pending]],
    );
    expect(rows.filter((r) => r.subject_id === newcomer)).toEqual([
      { subject_id: newcomer, reason: 'new_subject', version: version2.number },
    ]);
    expect(rows.filter((r) => r.subject_id === pending).map((r) => r.reason)).toEqual([
      'new_subject',
      'daily',
      'list_version',
    ]);
    // Every subject's last screening is against the version in force; no alert was opened twice.
    const behind = await ctx.db.query<{ n: number }>(
      `select count(*)::int as n from screening_subjects where list_version_id <> $1`,
      [version2.id],
    );
    expect(behind.rows[0]?.n).toBe(0);
    const twice = await ctx.db.query<{ n: number }>(
      `select count(*)::int as n from screening_alerts group by subject_id, logical_id having count(*) > 1`,
    );
    expect(twice.rows).toEqual([]);
  }, 180_000);
});
