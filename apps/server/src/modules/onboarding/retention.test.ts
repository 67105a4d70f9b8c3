import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  makeTestContext,
  MUTATION,
  openOwnTestDb,
  uniqueEmail,
  type TestContext,
} from '../../testing/test-context.ts';
import type { Db } from '../../db/types.ts';
import { tokenHash } from '../../crypto/seal.ts';
import { newOperator, signIn, withOperator } from '../operators/__tests__/testing.ts';
import { purgeAbandonedApplications, REJECTED_DOCUMENTS_RETENTION_DAYS } from './retention-service.ts';
import {
  completeApplication,
  jar,
  newApplicant,
  startOnboarding,
  patchOnboarding,
  uploadOk,
} from './__tests__/helpers.ts';

const DAY = 24 * 60 * 60 * 1000;
let t: TestContext;
let db: Db;

// The purge is global and the clock goes months ahead: on PostgreSQL this file gets a database of
// its own, so it never purges what the other test files are creating at the same time.
beforeAll(async () => {
  db = await openOwnTestDb();
  t = await makeTestContext({ rateLimits: false, applicationRetentionDays: 30 }, { db });
});
afterAll(async () => {
  await t.close();
  await db.close();
});

const storedPath = (key: string) => join(t.ctx.config.dataDir, 'files', key.slice(0, 2), key);

async function filesOfApplication(appToken: string): Promise<string[]> {
  const { rows } = await t.ctx.db.query<{ storage_key: string }>(
    `select d.storage_key from onboarding_documents d join onboarding_applications a on a.id = d.application_id
      where a.token_hash = $1`,
    [tokenHash(appToken)],
  );
  return rows.map((r) => storedPath(r.storage_key));
}

async function filesOfCustomer(customerId: string): Promise<string[]> {
  const { rows } = await t.ctx.db.query<{ storage_key: string }>(
    `select d.storage_key from onboarding_documents d join onboarding_applications a on a.id = d.application_id
      where a.customer_id = $1`,
    [customerId],
  );
  return rows.map((r) => storedPath(r.storage_key));
}

const customerExists = async (id: string) =>
  (await t.ctx.db.query('select 1 from customers where id = $1', [id])).rows.length === 1;

describe('retention of abandoned applications (TestClock)', () => {
  it('purges drafts untouched for 30 days with their files, not younger ones', async () => {
    const old = await completeApplication(t, uniqueEmail('old'));
    const oldFiles = await filesOfApplication(old);
    expect(oldFiles).toHaveLength(4);
    expect(oldFiles.every((f) => existsSync(f))).toBe(true);

    t.clock.advance(20 * DAY);
    const recent = await startOnboarding(t);
    await patchOnboarding(t, recent, {
      email: uniqueEmail('recent'),
      documentCountry: 'LU',
      documentType: 'passport',
    });
    await uploadOk(t, { app: recent }, 'passport');
    const recentFiles = await filesOfApplication(recent);

    // Day 29 for the first: nothing goes.
    t.clock.advance(9 * DAY);
    await purgeAbandonedApplications(t.ctx);
    expect(oldFiles.every((f) => existsSync(f))).toBe(true);

    // Day 31: the old draft and its files are gone; the recent one stays, and so does its cookie.
    t.clock.advance(2 * DAY);
    const report = await purgeAbandonedApplications(t.ctx);
    expect(report.applications).toBeGreaterThanOrEqual(1);
    expect(report.files).toBeGreaterThanOrEqual(4);
    expect(oldFiles.some((f) => existsSync(f))).toBe(false);
    expect(recentFiles.every((f) => existsSync(f))).toBe(true);
    const { rows } = await t.ctx.db.query('select 1 from onboarding_applications where token_hash = $1', [
      tokenHash(old),
    ]);
    expect(rows).toHaveLength(0);
    const gone = await t.app.inject({ method: 'GET', url: '/api/onboarding', cookies: jar({ app: old }) });
    expect([gone.statusCode, gone.json()]).toEqual([200, null]);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/onboarding', cookies: jar({ app: recent }) }))
        .statusCode,
    ).toBe(200);
    const { rows: queued } = await t.ctx.db.query('select 1 from storage_deletions');
    expect(queued).toHaveLength(0);
  });

  it('an old draft stops being usable before the job even runs', async () => {
    const app = await startOnboarding(t);
    t.clock.advance(31 * DAY);
    const res = await t.app.inject({ method: 'GET', url: '/api/onboarding', cookies: jar({ app }) });
    expect([res.statusCode, res.json()]).toEqual([200, null]);
  });

  it('purges applicants who never confirmed their address, keeps those under review', async () => {
    const unverified = await newApplicant(t, { verified: false });
    const underReview = await newApplicant(t);
    const files = await filesOfCustomer(unverified.id);
    expect(files).toHaveLength(4);
    t.clock.advance(31 * DAY);
    await purgeAbandonedApplications(t.ctx);
    expect(await customerExists(unverified.id)).toBe(false);
    expect(files.some((f) => existsSync(f))).toBe(false);
    expect(await customerExists(underReview.id)).toBe(true);
    expect((await filesOfCustomer(underReview.id)).every((f) => existsSync(f))).toBe(true);
    const { rows } = await t.ctx.db.query<{ details: Record<string, unknown> }>(
      `select details from audit_log where action = 'retention.unverified_applicants_purged' order by id desc limit 1`,
    );
    expect(rows[0]?.details).toMatchObject({ olderThanDays: 30 });
  });

  it('keeps the documents of a rejected application for the AML period, then deletes them', async () => {
    const a = await newApplicant(t);
    const operator = await signIn(t, await newOperator(t, 'compliance'));
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/backoffice/customers/${a.id}/reject`,
      headers: MUTATION,
      cookies: withOperator(operator),
      payload: { reason: 'Pièce illisible' },
    });
    expect(res.statusCode).toBe(200);
    const files = await filesOfCustomer(a.id);
    t.clock.advance(60 * DAY);
    await purgeAbandonedApplications(t.ctx);
    expect(files.every((f) => existsSync(f))).toBe(true);
    t.clock.advance(REJECTED_DOCUMENTS_RETENTION_DAYS * DAY);
    const report = await purgeAbandonedApplications(t.ctx);
    expect(report.rejectedDocuments).toBe(4);
    expect(files.some((f) => existsSync(f))).toBe(false);
    expect(await customerExists(a.id)).toBe(true);
  });

  it('deletes objects left queued by an earlier failure', async () => {
    const app = await completeApplication(t, uniqueEmail('queued'));
    const files = await filesOfApplication(app);
    // Simulates a crash between the commit and the deletion of the objects.
    await t.ctx.db.query(
      `insert into storage_deletions (storage_key, requested_at)
       select d.storage_key, now() from onboarding_documents d join onboarding_applications a on a.id = d.application_id
        where a.token_hash = $1`,
      [tokenHash(app)],
    );
    await t.ctx.db.query(
      `delete from onboarding_documents where application_id = (select id from onboarding_applications where token_hash = $1)`,
      [tokenHash(app)],
    );
    expect(files.every((f) => existsSync(f))).toBe(true);
    await purgeAbandonedApplications(t.ctx);
    expect(files.some((f) => existsSync(f))).toBe(false);
  });

  it('the retention is configurable', async () => {
    const short = await makeTestContext({ rateLimits: false, applicationRetentionDays: 2 }, { db });
    try {
      short.clock.advance(t.clock.now().getTime() - short.clock.now().getTime());
      const app = await startOnboarding(short);
      const files = await filesOfApplication(app);
      short.clock.advance(3 * DAY);
      await purgeAbandonedApplications(short.ctx);
      expect(files).toEqual([]);
      const { rows } = await short.ctx.db.query(
        'select 1 from onboarding_applications where token_hash = $1',
        [tokenHash(app)],
      );
      expect(rows).toHaveLength(0);
    } finally {
      await short.close();
    }
  });
});
