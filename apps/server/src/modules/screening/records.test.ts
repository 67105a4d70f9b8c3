import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CustomerScreeningsPage, ScreeningStatus } from '@comptoir/contracts';
import { makeTestContext, type TestContext } from '../../testing/test-context.ts';
import { newOperator, signIn, withOperator, type TestOperator } from '../operators/__tests__/testing.ts';
import { runScreening } from './run-screening-service.ts';
import {
  addBeneficiary,
  customerNamed,
  listedPerson,
  loadListVersion,
} from './__tests__/screening-fixtures.ts';

// What the back office reads of the screening (docs/screening.md#screening): a customer's records,
// newest first, with their summary; the screening's state. The job acts on every customer of its
// database, so this file has its own.

const DAY = 24 * 60 * 60 * 1000;

async function drain(t: TestContext): Promise<void> {
  while ((await runScreening(t.ctx)) > 0);
}

describe('the screening records and state', () => {
  let t: TestContext;
  type Role = 'admin' | 'compliance' | 'support';
  let operators: Record<Role, TestOperator>;
  let cookies: Record<Role, Record<string, string>>;

  beforeAll(async () => {
    // Operators sign in again and again here: no rate limit.
    t = await makeTestContext({ rateLimits: false }, { ownDatabase: true });
    operators = {
      admin: await newOperator(t, 'admin'),
      compliance: await newOperator(t, 'compliance'),
      support: await newOperator(t, 'support'),
    };
  });
  // Signed in afresh for each test: the clock moves by days, past a session's life (and each
  // sign-in takes the next code of the operator's authenticator).
  beforeEach(async () => {
    t.clock.advance(30_000);
    const signed = async (role: Role) => withOperator(await signIn(t, operators[role]));
    cookies = {
      admin: await signed('admin'),
      compliance: await signed('compliance'),
      support: await signed('support'),
    };
  });
  afterAll(() => t.close());

  const status = async (who: Record<string, string>) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/backoffice/screening/status', cookies: who });
    expect(res.statusCode).toBe(200);
    return res.json<ScreeningStatus>();
  };

  it('before any list: nobody is due, the customers are never screened, and the state says so', async () => {
    await customerNamed(t.ctx, 'Claire', 'Vidal', '1983-09-09');
    await customerNamed(t.ctx, 'Yann', 'Le Goff', '1972-02-02', 'pending_review');
    expect(await runScreening(t.ctx)).toBe(0);
    expect(await status(cookies.compliance)).toEqual({
      listVersion: null,
      dueNow: 0,
      lastScreenedAt: null,
      neverScreened: 2,
    });
    const denied = await t.app.inject({
      method: 'GET',
      url: '/api/backoffice/screening/status',
      cookies: cookies.support,
    });
    expect(denied.statusCode).toBe(403);
  });

  it('once a list is in force: every customer is due, then screened, and the state shows when', async () => {
    const version = await loadListVersion(t.ctx, [listedPerson(2001, 'Dmitri', 'SOKOLOV', { year: 1964 })]);
    expect(await status(cookies.admin)).toMatchObject({
      listVersion: { id: version.id, number: 1, entryCount: 1 },
      dueNow: 2,
      lastScreenedAt: null,
      neverScreened: 2,
    });
    await drain(t);
    expect(await status(cookies.admin)).toMatchObject({
      dueNow: 0,
      lastScreenedAt: t.clock.now().toISOString(),
      neverScreened: 0,
    });
  });

  it('gives a customer’s screenings and their beneficiaries’, newest first, page by page, with the summary', async () => {
    const id = await customerNamed(t.ctx, 'Dmitri', 'Sokolov', '1964-03-03');
    await drain(t);
    const beneficiary = await addBeneficiary(t.ctx, id, 'Atelier Mercier');
    t.clock.advance(60_000);
    await drain(t);
    t.clock.advance(DAY);
    await drain(t);
    await t.ctx.db.query('delete from beneficiaries where id = $1', [beneficiary]);
    cookies.support = withOperator(await signIn(t, operators.support));
    cookies.compliance = withOperator(await signIn(t, operators.compliance));

    const page = async (query: string, who: Record<string, string> = cookies.support) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/backoffice/customers/${id}/screenings${query}`,
        cookies: who,
      });
      expect(res.statusCode).toBe(200);
      return res.json<CustomerScreeningsPage>();
    };
    const first = await page('?limit=2');
    expect(first.items.map((s) => [s.subjectKind, s.reason, s.subjectName, s.listVersionNumber])).toEqual([
      ['customer', 'daily', 'Dmitri Sokolov', 1],
      ['beneficiary', 'new_subject', null, 1],
    ]);
    expect(first.items[0]).toMatchObject({ outcome: 'possible_match', threshold: 80 });
    expect(first.items[0]?.topScore).toBeGreaterThanOrEqual(80);
    expect(first.summary).toEqual({
      lastScreenedAt: t.clock.now().toISOString(),
      listVersionNumber: 1,
      openAlerts: 1,
      frozen: false,
    });
    expect(first.nextCursor).not.toBeNull();
    const second = await page(`?limit=2&cursor=${first.nextCursor ?? ''}`);
    expect(second.items.map((s) => [s.subjectKind, s.reason])).toEqual([['customer', 'new_subject']]);
    expect(second.nextCursor).toBeNull();

    // A freeze in force shows in the summary.
    await t.ctx.db.query(
      `insert into asset_freezes (id, subject_kind, customer_id, frozen_at) values ($1, 'customer', $2, $3)`,
      [randomUUID(), id, t.clock.now()],
    );
    expect((await page('', cookies.compliance)).summary.frozen).toBe(true);
  });

  it('answers 404 for an unknown customer and 400 for a cursor it did not give', async () => {
    const unknown = await t.app.inject({
      method: 'GET',
      url: `/api/backoffice/customers/${randomUUID()}/screenings`,
      cookies: cookies.support,
    });
    expect(unknown.statusCode).toBe(404);
    const id = await customerNamed(t.ctx, 'Nina', 'Caron', '1995-05-15');
    const forged = await t.app.inject({
      method: 'GET',
      url: `/api/backoffice/customers/${id}/screenings?cursor=bm9wZQ`,
      cookies: cookies.support,
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ code: 'pagination_cursor_invalid' });
  });
});
