import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AuditChainCheck,
  AuditPage,
  CreatedOperator,
  OperatorList,
  OperatorListItem,
  ResetOperatorTotp,
} from '@comptoir/contracts';
import { MUTATION, makeTestContext, uniqueEmail, type TestContext } from '../../testing/test-context.ts';
import { currentTotp } from './operators-service.ts';
import { newOperator, signIn, withOperator, type TestOperator } from './test-helpers.ts';

// Its own database: the tampering test breaks the one audit chain of the database on purpose.
let t: TestContext;
let admin: TestOperator;
let adminToken: string;
beforeAll(async () => {
  t = await makeTestContext({ rateLimits: false }, { ownDatabase: true });
  admin = await newOperator(t, 'admin');
  adminToken = await signIn(t, admin);
});
afterAll(() => t.close());

const send = (method: 'GET' | 'POST' | 'PATCH', url: string, token: string, body?: unknown) =>
  t.app.inject({
    method,
    url,
    cookies: withOperator(token),
    ...(method === 'GET'
      ? {}
      : { headers: body === undefined ? { 'x-requested-with': 'comptoir' } : MUTATION }),
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });

const me = (token: string) => send('GET', '/api/backoffice/auth/me', token);

async function createByAdmin(role: 'admin' | 'compliance' | 'support', password?: string) {
  const email = uniqueEmail(`created-${role}`);
  const r = await send('POST', '/api/backoffice/operators', adminToken, {
    email,
    name: `Agent ${role}`,
    role,
    ...(password ? { password } : {}),
  });
  expect(r.statusCode, r.body).toBe(201);
  return r.json<CreatedOperator>();
}

const asTestOperator = (c: CreatedOperator, password: string): TestOperator => ({
  id: c.operator.id,
  email: c.operator.email,
  role: c.operator.role,
  password,
  totpSecret: c.totpSecret,
});

describe('operators management', () => {
  it('creates an operator with a generated password and shows the TOTP secret once', async () => {
    const created = await createByAdmin('support');
    expect(created.operator).toMatchObject({ role: 'support', active: true, name: 'Agent support' });
    expect(created.totpSecret).toMatch(/^[A-Z2-7]{32}$/);
    expect(created.otpauthUri).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    expect(created.otpauthUri).toContain(created.totpSecret);
    expect(created.generatedPassword?.length).toBeGreaterThanOrEqual(20);

    const token = await signIn(t, asTestOperator(created, created.generatedPassword!));
    expect((await me(token)).json()).toMatchObject({ id: created.operator.id, role: 'support' });

    const list = (await send('GET', '/api/backoffice/operators', adminToken)).json<OperatorList>();
    const listed = list.items.find((o) => o.id === created.operator.id);
    expect(listed).toEqual(created.operator);
    expect(JSON.stringify(list)).not.toContain(created.totpSecret);

    const audit = (
      await send(
        'GET',
        `/api/backoffice/audit-log?operatorId=${admin.id}&action=operator.created`,
        adminToken,
      )
    ).json<AuditPage>();
    expect(audit.items[0]?.details).toMatchObject({
      targetOperatorId: created.operator.id,
      via: 'backoffice',
    });
  });

  it('refuses a weak password (422) and a taken address (409)', async () => {
    const weak = await send('POST', '/api/backoffice/operators', adminToken, {
      email: uniqueEmail('weak'),
      name: 'Faible',
      role: 'support',
      password: 'abc',
    });
    expect(weak.statusCode).toBe(422);
    const taken = await send('POST', '/api/backoffice/operators', adminToken, {
      email: admin.email,
      name: 'Double',
      role: 'support',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'email_taken' });
  });

  it('deactivation ends the operator’s sessions at once; reactivation lets them sign in again', async () => {
    const created = await createByAdmin('compliance');
    const op = asTestOperator(created, created.generatedPassword!);
    const token = await signIn(t, op);
    expect((await me(token)).statusCode).toBe(200);

    const off = await send('PATCH', `/api/backoffice/operators/${op.id}`, adminToken, { active: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json<OperatorListItem>().active).toBe(false);
    expect((await me(token)).statusCode).toBe(401);
    await expect(signIn(t, op)).rejects.toThrow();

    const audit = (
      await send('GET', `/api/backoffice/audit-log?action=operator.deactivated`, adminToken)
    ).json<AuditPage>();
    expect(audit.items[0]?.details).toMatchObject({ targetOperatorId: op.id, sessionsEnded: 1 });

    const on = await send('PATCH', `/api/backoffice/operators/${op.id}`, adminToken, { active: true });
    expect(on.json<OperatorListItem>().active).toBe(true);
    t.clock.advance(31_000); // the next TOTP step: a code is never accepted twice
    expect((await me(await signIn(t, op))).statusCode).toBe(200);
  });

  it('changes a role, which takes effect on the next request', async () => {
    const created = await createByAdmin('support');
    const token = await signIn(t, asTestOperator(created, created.generatedPassword!));
    expect((await send('GET', '/api/backoffice/audit-log', token)).statusCode).toBe(403);
    const r = await send('PATCH', `/api/backoffice/operators/${created.operator.id}`, adminToken, {
      role: 'compliance',
    });
    expect(r.json<OperatorListItem>().role).toBe('compliance');
    expect((await send('GET', '/api/backoffice/audit-log', token)).statusCode).toBe(200);
  });

  it('never removes the last active admin (409), whether demoted or deactivated', async () => {
    // Leave exactly one active admin: deactivate every other one.
    const list = (await send('GET', '/api/backoffice/operators', adminToken)).json<OperatorList>();
    for (const o of list.items.filter((o) => o.role === 'admin' && o.active && o.id !== admin.id)) {
      expect(
        (await send('PATCH', `/api/backoffice/operators/${o.id}`, adminToken, { active: false })).statusCode,
      ).toBe(200);
    }
    for (const change of [{ role: 'support' }, { active: false }]) {
      const r = await send('PATCH', `/api/backoffice/operators/${admin.id}`, adminToken, change);
      expect(r.statusCode).toBe(409);
      expect(r.json()).toMatchObject({ code: 'last_active_admin' });
      expect(r.json<{ detail: string }>().detail).toContain('dernier administrateur');
    }
    // With a second admin, the first may step down.
    const second = await createByAdmin('admin');
    const r = await send('PATCH', `/api/backoffice/operators/${admin.id}`, adminToken, {
      name: 'Toujours admin',
    });
    expect(r.statusCode).toBe(200);
    const down = await send('PATCH', `/api/backoffice/operators/${second.operator.id}`, adminToken, {
      role: 'compliance',
    });
    expect(down.statusCode).toBe(200);
  });

  it('resets a TOTP secret: shown once, old code refused, sessions ended', async () => {
    const created = await createByAdmin('support');
    const op = asTestOperator(created, created.generatedPassword!);
    const token = await signIn(t, op);
    const r = await send('POST', `/api/backoffice/operators/${op.id}/reset-totp`, adminToken);
    expect(r.statusCode, r.body).toBe(200);
    const reset = r.json<ResetOperatorTotp>();
    expect(reset.totpSecret).not.toBe(created.totpSecret);
    expect(reset.otpauthUri).toContain(reset.totpSecret);
    expect((await me(token)).statusCode).toBe(401);
    t.clock.advance(31_000);
    await expect(signIn(t, op)).rejects.toThrow(/totp step: 401/);
    t.clock.advance(31_000);
    const fresh = await signIn(t, { ...op, totpSecret: reset.totpSecret });
    expect((await me(fresh)).statusCode).toBe(200);
    expect(currentTotp(reset.totpSecret, t.clock.now())).toMatch(/^\d{6}$/);
  });

  it('answers 404 for an unknown or malformed operator id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'pas-un-id']) {
      expect(
        (await send('PATCH', `/api/backoffice/operators/${id}`, adminToken, { name: 'X' })).statusCode,
      ).toBe(404);
      expect((await send('POST', `/api/backoffice/operators/${id}/reset-totp`, adminToken)).statusCode).toBe(
        404,
      );
    }
  });
});

describe('audit log viewer', () => {
  it('filters by dates (whole UTC days or instants)', async () => {
    const day = t.clock.now().toISOString().slice(0, 10);
    const today = (
      await send('GET', `/api/backoffice/audit-log?from=${day}&to=${day}`, adminToken)
    ).json<AuditPage>();
    expect(today.items.length).toBeGreaterThan(0);
    for (const e of today.items) expect(e.at.slice(0, 10)).toBe(day);
    const tomorrow = new Date(t.clock.now().getTime() + 86_400_000).toISOString().slice(0, 10);
    const none = (
      await send('GET', `/api/backoffice/audit-log?from=${tomorrow}`, adminToken)
    ).json<AuditPage>();
    expect(none.items).toEqual([]);
    const bad = await send('GET', '/api/backoffice/audit-log?from=hier', adminToken);
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ detail: string }>().detail).toContain('Date de début invalide');
  });

  it('« Vérifier la chaîne » reports the chain broken once its newest rows are deleted', async () => {
    const { rows } = await t.ctx.db.query<{ id: string; hash: string }>(
      'select id::text as id, hash from audit_log order by audit_log.id desc limit 3',
    );
    const [newest, , kept] = rows;
    await t.ctx.db.query('alter table audit_log disable trigger audit_log_no_update');
    try {
      await t.ctx.db.query('delete from audit_log where id > $1', [kept!.id]);
      const after = (
        await send('GET', '/api/backoffice/audit-log/verify', adminToken)
      ).json<AuditChainCheck>();
      expect(after).toMatchObject({ ok: false, truncated: { headId: newest!.id, lastId: kept!.id } });
    } finally {
      await t.ctx.db.query('alter table audit_log enable trigger audit_log_no_update');
      // What an operator would do after restoring the rows: here the head is moved back instead,
      // so the next test starts from an intact chain.
      await t.ctx.db.query('update audit_head set last_id = $1, hash = $2', [kept!.id, kept!.hash]);
    }
  });

  it('« Vérifier la chaîne » is intact, then names the row a superuser tampered with', async () => {
    const before = (
      await send('GET', '/api/backoffice/audit-log/verify', adminToken)
    ).json<AuditChainCheck>();
    expect(before.ok).toBe(true);
    expect(before.firstBrokenId).toBeUndefined();
    expect(before.checked).toBeGreaterThan(3);

    const { rows } = await t.ctx.db.query<{ id: string }>(
      `select id::text as id from audit_log order by id limit 1 offset 2`,
    );
    const target = rows[0]!.id;
    // The trigger refuses UPDATE; a superuser can switch it off — which is what the chain is for.
    await t.ctx.db.query('alter table audit_log disable trigger audit_log_no_update');
    await t.ctx.db.query(
      `update audit_log set details = details || '{"forged": true}'::jsonb where id = $1`,
      [target],
    );
    await t.ctx.db.query('alter table audit_log enable trigger audit_log_no_update');
    await expect(
      t.ctx.db.query('update audit_log set action = action where id = $1', [target]),
    ).rejects.toThrow(/append-only/);

    const after = (await send('GET', '/api/backoffice/audit-log/verify', adminToken)).json<AuditChainCheck>();
    expect(after).toMatchObject({ ok: false, firstBrokenId: target });
  });
});
