import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage } from '@comptoir/contracts';
import { appendAudit } from '../../audit/audit.ts';
import { makeTestContext, type TestContext } from '../../testing/test-context.ts';
import { newOperator, signIn, withOperator } from './__tests__/helpers.ts';

let t: TestContext;
beforeAll(async () => {
  t = await makeTestContext({ rateLimits: false });
});
afterAll(() => t.close());

const auditLog = (token: string, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/backoffice/audit-log${query}`, cookies: withOperator(token) });

describe('GET /api/backoffice/audit-log', () => {
  it('admin and compliance read it; support is refused (403)', async () => {
    for (const role of ['admin', 'compliance'] as const) {
      const token = await signIn(t, await newOperator(t, role));
      const r = await auditLog(token);
      expect(r.statusCode).toBe(200);
      expect(r.json<AuditPage>().items.length).toBeGreaterThan(0);
    }
    const support = await signIn(t, await newOperator(t, 'support'));
    const r = await auditLog(support);
    expect(r.statusCode).toBe(403);
    expect(r.json()).toMatchObject({ code: 'role_forbidden' });
  });

  it('needs a session', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/backoffice/audit-log' });
    expect(r.statusCode).toBe(401);
  });

  it('filters by customer, operator and action, newest first, with a cursor', async () => {
    const viewer = await newOperator(t, 'compliance');
    const token = await signIn(t, viewer);
    const actor = await newOperator(t, 'support');
    const customerId = randomUUID();
    await t.ctx.db.tx(async (q) => {
      for (let i = 0; i < 3; i++) {
        await appendAudit(q, {
          operatorId: actor.id,
          customerId,
          action: 'customer.viewed',
          details: { i },
          at: t.clock.now(),
        });
      }
      await appendAudit(q, {
        operatorId: actor.id,
        customerId: null,
        action: 'contact.read',
        details: {},
        at: t.clock.now(),
      });
    });

    const byCustomer = (await auditLog(token, `?customerId=${customerId}`)).json<AuditPage>();
    expect(byCustomer.items.map((e) => e.details)).toEqual([{ i: 2 }, { i: 1 }, { i: 0 }]);
    expect(byCustomer.items.every((e) => e.customerId === customerId && e.operatorId === actor.id)).toBe(
      true,
    );
    expect(byCustomer.items[0]).toMatchObject({
      action: 'customer.viewed',
      hash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(byCustomer.nextCursor).toBeNull();

    const byOperator = (
      await auditLog(token, `?operatorId=${actor.id}&action=contact.read`)
    ).json<AuditPage>();
    expect(byOperator.items.map((e) => e.action)).toEqual(['contact.read']);

    const mine = (await auditLog(token, `?operatorId=${viewer.id.toUpperCase()}`)).json<AuditPage>();
    expect(mine.items.map((e) => e.action)).toEqual(['operator.login']);

    const first = (await auditLog(token, `?customerId=${customerId}&limit=2`)).json<AuditPage>();
    expect(first.items).toHaveLength(2);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = (
      await auditLog(token, `?customerId=${customerId}&limit=2&cursor=${first.nextCursor}`)
    ).json<AuditPage>();
    expect(second.items.map((e) => e.details)).toEqual([{ i: 0 }]);
    expect(second.nextCursor).toBeNull();
  });

  it('bad filters → 400, never a 500', async () => {
    const token = await signIn(t, await newOperator(t, 'admin'));
    for (const q of ['?customerId=not-a-uuid', '?operatorId=1', '?cursor=%25%25', '?limit=0', '?limit=abc']) {
      const r = await auditLog(token, q);
      expect(r.statusCode, q).toBe(400);
      expect(r.json(), q).toMatchObject({ status: 400 });
    }
  });
});
