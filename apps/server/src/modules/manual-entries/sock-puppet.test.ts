import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManualEntry, OperatorLinkSent } from '@comptoir/contracts';
import { makeTestContext, MUTATION, uniqueEmail, type TestContext } from '../../testing/test-context.ts';
import { acceptInvitation, newOperator, signIn, withOperator } from '../operators/__tests__/testing.ts';
import { balances, party } from '../transfers/__tests__/testing.ts';

let t: TestContext;
beforeAll(async () => {
  t = await makeTestContext({ rateLimits: false, manualEntryApprovalThreshold: 50_000 });
});
afterAll(() => t.close());

const post = (token: string, url: string, payload: object = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { ...MUTATION, 'idempotency-key': randomUUID() },
    cookies: withOperator(token),
    payload,
  });

describe('four eyes means two people (docs/back-office.md#holds-manual-entries-closing)', () => {
  it('an admin cannot approve his own 9,000 € entry through an operator he makes for it', async () => {
    const admin = await newOperator(t, 'admin');
    const adminToken = await signIn(t, admin);
    const p = await party(t.ctx, 0);

    // The admin requests a 9,000 € credit: above the threshold, it waits for a second operator.
    const made = await post(adminToken, `/api/backoffice/customers/${p.customer.id}/manual-entries`, {
      amount: 900_000,
      direction: 'credit',
      reason: 'Geste commercial',
      glAccount: 'gl:adjustments',
    });
    expect(made.statusCode, made.body).toBe(201);
    const entry = made.json<ManualEntry>();
    expect(entry.status).toBe('pending');
    expect((await post(adminToken, `/api/backoffice/manual-entries/${entry.id}/approve`)).statusCode).toBe(
      403,
    );

    // He then makes a « compliance » operator, with a password he chooses: he is answered neither a
    // password nor a TOTP secret, only that an invitation went out.
    t.clock.advance(1_000);
    const created = await post(adminToken, '/api/backoffice/operators', {
      email: uniqueEmail('conformite'),
      name: 'Claire Conformité',
      role: 'compliance',
      password: 'Choisi-Par-L-Admin-2024',
    });
    expect(created.statusCode, created.body).toBe(201);
    const sent = created.json<OperatorLinkSent>();
    expect(JSON.stringify(sent)).not.toMatch(/totp|secret|password|otpauth|Choisi-Par-L-Admin/i);

    // Even holding the invited address's mailbox and enrolling as that operator, he cannot
    // approve: the operator was not active when the entry was requested.
    const puppet = await acceptInvitation(t, {
      id: sent.operator.id,
      email: sent.operator.email,
      role: 'compliance',
    });
    const puppetToken = await signIn(t, puppet);
    const approve = await post(puppetToken, `/api/backoffice/manual-entries/${entry.id}/approve`);
    expect(approve.statusCode, approve.body).toBe(403);
    expect(approve.json()).toMatchObject({ code: 'entry_checker_too_recent' });
    expect((await balances(t.ctx, p.account)).posted).toBe(0n);

    // An operator already active when the entry was requested approves it.
    const colleague = await newOperator(t, 'compliance');
    await t.ctx.db.query(`update operators set activated_at = $2 where id = $1`, [
      colleague.id,
      new Date(Date.parse(entry.createdAt) - 60_000),
    ]);
    const ok = await post(await signIn(t, colleague), `/api/backoffice/manual-entries/${entry.id}/approve`);
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await balances(t.ctx, p.account)).posted).toBe(900_000n);
  });

  it('an operator reactivated after the entry was requested cannot approve it either', async () => {
    const admin = await newOperator(t, 'admin');
    const adminToken = await signIn(t, admin);
    const checker = await newOperator(t, 'compliance');
    const off = await t.app.inject({
      method: 'PATCH',
      url: `/api/backoffice/operators/${checker.id}`,
      headers: MUTATION,
      cookies: withOperator(adminToken),
      payload: { active: false },
    });
    expect(off.statusCode).toBe(200);
    t.clock.advance(1_000);
    const p = await party(t.ctx, 0);
    const made = await post(adminToken, `/api/backoffice/customers/${p.customer.id}/manual-entries`, {
      amount: 60_000,
      direction: 'credit',
      reason: 'Geste commercial',
      glAccount: 'gl:adjustments',
    });
    const entry = made.json<ManualEntry>();
    t.clock.advance(1_000);
    const on = await t.app.inject({
      method: 'PATCH',
      url: `/api/backoffice/operators/${checker.id}`,
      headers: MUTATION,
      cookies: withOperator(adminToken),
      payload: { active: true },
    });
    expect(on.statusCode).toBe(200);
    const r = await post(await signIn(t, checker), `/api/backoffice/manual-entries/${entry.id}/approve`);
    expect(r.json()).toMatchObject({ code: 'entry_checker_too_recent' });
  });
});
