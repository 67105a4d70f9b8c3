import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AuditChainCheck,
  AuditPage,
  OperatorLinkSent,
  OperatorList,
  OperatorListItem,
} from '@comptoir/contracts';
import { MUTATION, makeTestContext, uniqueEmail, type TestContext } from '../../testing/test-context.ts';
import { listMailbox } from '../../mail/mailbox.ts';
import {
  acceptInvitation,
  completeEnrolmentLink,
  mailedEnrolmentToken,
  newOperator,
  openEnrolmentLink,
  passwordStep,
  signIn,
  withOperator,
  type TestOperator,
} from './__tests__/helpers.ts';
import { currentTotp } from '../../crypto/totp.ts';

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

async function inviteByAdmin(role: 'admin' | 'compliance' | 'support', extra: object = {}) {
  const email = uniqueEmail(`created-${role}`);
  const r = await send('POST', '/api/backoffice/operators', adminToken, {
    email,
    name: `Agent ${role}`,
    role,
    ...extra,
  });
  expect(r.statusCode, r.body).toBe(201);
  return r.json<OperatorLinkSent>();
}

/** An operator invited by the admin who has followed the invitation: ready to sign in. */
async function enrolledByAdmin(role: 'admin' | 'compliance' | 'support'): Promise<TestOperator> {
  const sent = await inviteByAdmin(role);
  return acceptInvitation(t, { id: sent.operator.id, email: sent.operator.email, role });
}

describe('operators management', () => {
  it('an admin invites: the operator is « invited », the link is mailed to them, the admin sees no secret', async () => {
    const sent = await inviteByAdmin('support', { password: 'Choisi-Par-L-Admin-2024' });
    expect(sent.operator).toMatchObject({ role: 'support', state: 'invited', name: 'Agent support' });
    expect(sent.sentTo).toBe(sent.operator.email);
    expect(Date.parse(sent.expiresAt) - t.clock.now().getTime()).toBe(72 * 3600 * 1000);
    expect(sent.operator.invitationExpiresAt).toBe(sent.expiresAt);
    expect(Object.keys(sent).sort()).toEqual(['expiresAt', 'operator', 'sentTo']);

    const [mail] = await listMailbox(t.ctx, sent.operator.email);
    expect(mail?.subject).toBe('Invitation à l’espace d’administration Comptoir');
    expect(mail?.text).toContain('avec le rôle « support »');
    expect(mail?.text).toContain('valable 72 heures');
    expect(mail?.links.some((l) => l.includes('/027895-admin-panel/inscription?token='))).toBe(true);

    // No sign-in before enrolment, not even with the password the admin tried to give.
    expect((await passwordStep(t, sent.operator.email, 'Choisi-Par-L-Admin-2024')).statusCode).toBe(401);

    const op = await acceptInvitation(t, {
      id: sent.operator.id,
      email: sent.operator.email,
      role: 'support',
    });
    const token = await signIn(t, op);
    expect((await me(token)).json()).toMatchObject({ id: sent.operator.id, role: 'support' });

    const list = (await send('GET', '/api/backoffice/operators', adminToken)).json<OperatorList>();
    expect(list.items.find((o) => o.id === sent.operator.id)).toMatchObject({
      state: 'active',
      invitationExpiresAt: null,
    });
    // Nothing the admin was ever answered holds the operator's secret or password.
    expect(JSON.stringify([sent, list])).not.toContain(op.totpSecret);
    expect(JSON.stringify([sent, list])).not.toContain(op.password);

    const audit = (
      await send(
        'GET',
        `/api/backoffice/audit-log?operatorId=${admin.id}&action=operator.invited`,
        adminToken,
      )
    ).json<AuditPage>();
    expect(audit.items[0]?.details).toMatchObject({ targetOperatorId: sent.operator.id, via: 'backoffice' });
    const enrolled = (
      await send('GET', `/api/backoffice/audit-log?operatorId=${op.id}&action=operator.enrolled`, adminToken)
    ).json<AuditPage>();
    expect(enrolled.items).toHaveLength(1);
  });

  it('refuses a weak chosen password (422) and a taken address (409)', async () => {
    const sent = await inviteByAdmin('support');
    const token = await mailedEnrolmentToken(t, sent.operator.email);
    const { totpSecret } = (await openEnrolmentLink(t, token)).json<{ totpSecret: string }>();
    const weak = await completeEnrolmentLink(t, {
      token,
      password: 'abc',
      code: currentTotp(totpSecret, t.clock.now()),
    });
    expect(weak.statusCode).toBe(422);
    expect(weak.json()).toMatchObject({ code: 'weak_password' });
    const taken = await send('POST', '/api/backoffice/operators', adminToken, {
      email: admin.email,
      name: 'Double',
      role: 'support',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'email_taken' });
  });

  it('deactivation ends the operator’s sessions at once; reactivation lets them sign in again', async () => {
    const op = await enrolledByAdmin('compliance');
    const token = await signIn(t, op);
    expect((await me(token)).statusCode).toBe(200);

    const off = await send('PATCH', `/api/backoffice/operators/${op.id}`, adminToken, { active: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json<OperatorListItem>()).toMatchObject({ active: false, state: 'disabled' });
    expect((await me(token)).statusCode).toBe(401);
    await expect(signIn(t, op)).rejects.toThrow();

    const audit = (
      await send('GET', `/api/backoffice/audit-log?action=operator.deactivated`, adminToken)
    ).json<AuditPage>();
    expect(audit.items[0]?.details).toMatchObject({ targetOperatorId: op.id, sessionsEnded: 1 });

    const on = await send('PATCH', `/api/backoffice/operators/${op.id}`, adminToken, { active: true });
    expect(on.json<OperatorListItem>()).toMatchObject({ active: true, state: 'active' });
    t.clock.advance(31_000); // the next TOTP step: a code is never accepted twice
    expect((await me(await signIn(t, op))).statusCode).toBe(200);
  });

  it('changes a role, which takes effect on the next request', async () => {
    const op = await enrolledByAdmin('support');
    const token = await signIn(t, op);
    expect((await send('GET', '/api/backoffice/audit-log', token)).statusCode).toBe(403);
    const r = await send('PATCH', `/api/backoffice/operators/${op.id}`, adminToken, {
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
    // An invited admin is no admin yet: the first still may not step down.
    await inviteByAdmin('admin');
    const stillAlone = await send('PATCH', `/api/backoffice/operators/${admin.id}`, adminToken, {
      role: 'support',
    });
    expect(stillAlone.statusCode).toBe(409);
    // With a second, enrolled admin, the first may step down.
    const second = await enrolledByAdmin('admin');
    const r = await send('PATCH', `/api/backoffice/operators/${admin.id}`, adminToken, {
      name: 'Toujours admin',
    });
    expect(r.statusCode).toBe(200);
    const down = await send('PATCH', `/api/backoffice/operators/${second.id}`, adminToken, {
      role: 'compliance',
    });
    expect(down.statusCode).toBe(200);
  });

  it('resets a TOTP: the admin gets no secret, the old code and sessions end, the operator enrols a new app after typing their password', async () => {
    const op = await enrolledByAdmin('support');
    const token = await signIn(t, op);
    const r = await send('POST', `/api/backoffice/operators/${op.id}/reset-totp`, adminToken);
    expect(r.statusCode, r.body).toBe(200);
    const reset = r.json<OperatorLinkSent>();
    expect(Object.keys(reset).sort()).toEqual(['expiresAt', 'operator', 'sentTo']);
    expect(reset.sentTo).toBe(op.email);
    expect((await me(token)).statusCode).toBe(401);
    // The old app no longer signs in: the password step already refuses, like for anyone unknown.
    t.clock.advance(31_000);
    await expect(signIn(t, op)).rejects.toThrow(/password step: 401/);

    const [mail] = await listMailbox(t.ctx, op.email);
    expect(mail?.subject).toBe('Enregistrez votre nouvelle application d’authentification');
    const link = await mailedEnrolmentToken(t, op.email);
    // The link alone shows nothing: the operator's own password first.
    const bare = await openEnrolmentLink(t, link);
    expect(bare.statusCode).toBe(401);
    expect(bare.json()).toMatchObject({ code: 'enrolment_password_required' });
    const wrong = await openEnrolmentLink(t, link, 'Pas-Le-Bon-Mot-2024');
    expect(wrong.json()).toMatchObject({ code: 'operator_invalid_credentials' });
    const opened = await openEnrolmentLink(t, link, op.password);
    expect(opened.statusCode, opened.body).toBe(200);
    const { totpSecret, purpose } = opened.json<{ totpSecret: string; purpose: string }>();
    expect(purpose).toBe('totp_reset');
    expect(totpSecret).not.toBe(op.totpSecret);
    const done = await completeEnrolmentLink(t, {
      token: link,
      password: op.password,
      code: currentTotp(totpSecret, t.clock.now()),
    });
    expect(done.statusCode, done.body).toBe(200);
    t.clock.advance(31_000);
    const fresh = await signIn(t, { ...op, totpSecret });
    expect((await me(fresh)).statusCode).toBe(200);
  });

  it('re-sends an invitation (audited): the old link stops working; an enrolled operator has none to re-send (409)', async () => {
    const sent = await inviteByAdmin('compliance');
    const first = await mailedEnrolmentToken(t, sent.operator.email);
    const again = await send('POST', `/api/backoffice/operators/${sent.operator.id}/invitation`, adminToken);
    expect(again.statusCode, again.body).toBe(200);
    const second = await mailedEnrolmentToken(t, sent.operator.email);
    expect(second).not.toBe(first);
    expect((await openEnrolmentLink(t, first)).json()).toMatchObject({ code: 'enrolment_link_invalid' });
    const audit = (
      await send('GET', `/api/backoffice/audit-log?action=operator.invitation_resent`, adminToken)
    ).json<AuditPage>();
    expect(audit.items[0]?.details).toMatchObject({ targetOperatorId: sent.operator.id });

    await acceptInvitation(t, { id: sent.operator.id, email: sent.operator.email, role: 'compliance' });
    const done = await send('POST', `/api/backoffice/operators/${sent.operator.id}/invitation`, adminToken);
    expect(done.statusCode).toBe(409);
    expect(done.json()).toMatchObject({ code: 'operator_not_invited' });
    // And an invited operator has no TOTP to reset.
    const invited = await inviteByAdmin('support');
    const reset = await send(
      'POST',
      `/api/backoffice/operators/${invited.operator.id}/reset-totp`,
      adminToken,
    );
    expect(reset.json()).toMatchObject({ code: 'operator_not_enrolled' });
  });

  it('answers 404 for an unknown or malformed operator id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'pas-un-id']) {
      expect(
        (await send('PATCH', `/api/backoffice/operators/${id}`, adminToken, { name: 'X' })).statusCode,
      ).toBe(404);
      for (const action of ['reset-totp', 'invitation']) {
        expect((await send('POST', `/api/backoffice/operators/${id}/${action}`, adminToken)).statusCode).toBe(
          404,
        );
      }
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
