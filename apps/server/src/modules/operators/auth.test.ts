import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestContext, MUTATION, uniqueEmail, type TestContext } from '../../testing/test-context.ts';
import { OPERATOR_COOKIE } from '../../http/cookies.ts';
import { currentTotp } from '../../crypto/totp.ts';
import {
  newOperator,
  operatorCookie,
  passwordStep,
  signIn,
  totpStep,
  withOperator,
  type TestOperator,
} from './__tests__/helpers.ts';

let t: TestContext;
beforeAll(async () => {
  t = await makeTestContext({ rateLimits: false });
});
afterAll(() => t.close());

const me = (token: string | undefined, ctx: TestContext = t) =>
  ctx.app.inject({
    method: 'GET',
    url: '/api/backoffice/auth/me',
    ...(token ? { cookies: withOperator(token) } : {}),
  });

const auditActions = async (operatorId: string) =>
  (
    await t.ctx.db.query<{ action: string; details: Record<string, unknown> }>(
      'select action, details from audit_log where operator_id = $1 order by id',
      [operatorId],
    )
  ).rows;

describe('operator login (password + TOTP)', () => {
  it('password then TOTP opens an active session with a hardened cookie, audited', async () => {
    const op = await newOperator(t, 'compliance');
    const first = await passwordStep(t, op.email.toUpperCase(), op.password);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ secondFactor: 'totp' });
    const setCookie = String(first.headers['set-cookie']);
    expect(setCookie).toMatch(new RegExp(`^${OPERATOR_COOKIE}=`));
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/Secure/);
    expect(setCookie).toMatch(/SameSite=Strict/);
    expect(setCookie).toMatch(/Path=\//);
    const pending = operatorCookie(first);

    const second = await totpStep(t, pending, currentTotp(op.totpSecret, t.clock.now()));
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({
      operator: { id: op.id, email: op.email, name: expect.any(String), role: 'compliance' },
      idleTimeoutSeconds: 120,
    });
    const active = operatorCookie(second);
    expect(active).toBeTruthy();
    expect(active).not.toBe(pending);

    const who = await me(active);
    expect(who.statusCode).toBe(200);
    expect(who.json()).toMatchObject({
      id: op.id,
      email: op.email,
      role: 'compliance',
      idleTimeoutSeconds: 120,
    });
    // The pending token was replaced (no session fixation): it opens nothing any more.
    expect((await me(pending)).statusCode).toBe(401);
    // Tokens are stored hashed only.
    const stored = await t.ctx.db.query('select 1 from operator_sessions where token_hash = $1', [active]);
    expect(stored.rowCount).toBe(0);
    expect((await auditActions(op.id)).map((a) => a.action)).toEqual(['operator.login']);
  });

  it('a wrong password and an unknown e-mail get the same 401', async () => {
    const op = await newOperator(t);
    const wrong = await passwordStep(t, op.email, 'Pas-le-bon-mot-de-passe');
    const unknown = await passwordStep(t, uniqueEmail('nobody'), 'Pas-le-bon-mot-de-passe');
    for (const r of [wrong, unknown]) {
      expect(r.statusCode).toBe(401);
      expect(r.headers['content-type']).toMatch(/application\/problem\+json/);
      expect(r.json()).toMatchObject({
        code: 'operator_invalid_credentials',
        detail: 'Identifiants incorrects. Veuillez réessayer.',
      });
      expect(operatorCookie(r)).toBeUndefined();
    }
    expect((await auditActions(op.id)).map((a) => a.action)).toEqual(['operator.login_failed']);
  });

  it('a wrong TOTP code → 401 with the same message; the right one still works after', async () => {
    const op = await newOperator(t);
    const pending = operatorCookie(await passwordStep(t, op.email, op.password));
    const good = currentTotp(op.totpSecret, t.clock.now());
    const bad = good === '000000' ? '111111' : '000000';
    const r = await totpStep(t, pending, bad);
    expect(r.statusCode).toBe(401);
    expect(r.json()).toMatchObject({
      code: 'operator_invalid_credentials',
      detail: 'Identifiants incorrects. Veuillez réessayer.',
    });
    expect((await totpStep(t, pending, good)).statusCode).toBe(200);
  });

  it('a TOTP step cannot be used twice; ±1 step is accepted, 2 steps is not', async () => {
    const op = await newOperator(t);
    const code = currentTotp(op.totpSecret, t.clock.now());
    const first = await totpStep(t, operatorCookie(await passwordStep(t, op.email, op.password)), code);
    expect(first.statusCode).toBe(200);

    // Same code again (replay, e.g. shoulder-surfed) → refused even with the right password.
    const replay = await totpStep(t, operatorCookie(await passwordStep(t, op.email, op.password)), code);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ code: 'operator_invalid_credentials' });

    t.clock.advance(60_000);
    const pending = operatorCookie(await passwordStep(t, op.email, op.password));
    // Two steps old: outside the window.
    const tooOld = currentTotp(op.totpSecret, new Date(t.clock.now().getTime() - 60_000));
    if (tooOld !== currentTotp(op.totpSecret, t.clock.now())) {
      expect((await totpStep(t, pending, tooOld)).statusCode).toBe(401);
    }
    // One step old: within the drift window, and newer than the last step used.
    const previous = currentTotp(op.totpSecret, new Date(t.clock.now().getTime() - 30_000));
    expect((await totpStep(t, pending, previous)).statusCode).toBe(200);
  });

  it('the same code sent twice at once opens one session only', async () => {
    const op = await newOperator(t);
    const pending = operatorCookie(await passwordStep(t, op.email, op.password));
    const code = currentTotp(op.totpSecret, t.clock.now());
    const results = await Promise.all([
      totpStep(t, pending, code),
      totpStep(t, pending, code),
      totpStep(t, pending, code),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401, 401]);
    const live = await t.ctx.db.query(
      `select 1 from operator_sessions where operator_id = $1 and stage = 'active' and revoked_at is null`,
      [op.id],
    );
    expect(live.rowCount).toBe(1);
  });

  it('TOTP without a password step, or after the 5-minute password stage, is refused', async () => {
    const op = await newOperator(t);
    const none = await totpStep(t, undefined, currentTotp(op.totpSecret, t.clock.now()));
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ code: 'session_expired' });

    const pending = operatorCookie(await passwordStep(t, op.email, op.password));
    t.clock.advance(5 * 60_000 + 1_000);
    const late = await totpStep(t, pending, currentTotp(op.totpSecret, t.clock.now()));
    expect(late.statusCode).toBe(401);
    expect(late.json()).toMatchObject({ code: 'session_expired' });
  });

  it('a password-only session cannot call protected routes', async () => {
    const op = await newOperator(t);
    const pending = operatorCookie(await passwordStep(t, op.email, op.password));
    const who = await me(pending);
    expect(who.statusCode).toBe(401);
    expect(who.json()).toMatchObject({ code: 'operator_second_factor_required' });
    const log = await t.app.inject({
      method: 'GET',
      url: '/api/backoffice/audit-log',
      cookies: withOperator(pending!),
    });
    expect(log.statusCode).toBe(401);
    const sandbox = await t.app.inject({
      method: 'POST',
      url: '/api/sandbox/incoming-transfers',
      headers: { ...MUTATION, 'idempotency-key': 'key-pending-0001' },
      cookies: withOperator(pending!),
      payload: {
        iban: 'LU280019400644750000',
        amount: 100,
        debtorName: 'X',
        debtorIban: 'DE89370400440532013000',
      },
    });
    expect(sandbox.statusCode).toBe(401);
  });

  it('no cookie or a forged cookie → 401 unauthenticated', async () => {
    expect((await me(undefined)).json()).toMatchObject({ status: 401, code: 'unauthenticated' });
    expect((await me('forged-token-value')).json()).toMatchObject({ status: 401, code: 'unauthenticated' });
  });
});

describe('operator session lifetime', () => {
  it('2 minutes idle → 401 session_expired (server-side), activity slides the window', async () => {
    const op = await newOperator(t);
    const token = await signIn(t, op);
    t.clock.advance(110_000);
    expect((await me(token)).statusCode).toBe(200);
    t.clock.advance(110_000); // 220 s since login, 110 s since the last request
    expect((await me(token)).statusCode).toBe(200);
    t.clock.advance(121_000);
    const expired = await me(token);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toMatchObject({
      code: 'operator_session_idle',
      detail: 'Vous avez été déconnecté pour inactivité.',
    });
    expect(operatorCookie(expired)).toBe('');
    // Signed out on the server: coming back now does not revive it.
    t.clock.advance(-200_000);
    expect((await me(token)).statusCode).toBe(401);
    t.clock.advance(200_000);
    const actions = (await auditActions(op.id)).map((a) => a.action);
    expect(actions).toEqual(['operator.login', 'operator.session_expired']);
  });

  it('the absolute lifetime ends a busy session too', async () => {
    const short = await makeTestContext({ rateLimits: false, sessionAbsoluteSeconds: 200 }, { db: t.ctx.db });
    try {
      const op = await newOperator(short);
      const token = await signIn(short, op);
      short.clock.advance(100_000);
      expect((await me(token, short)).statusCode).toBe(200);
      short.clock.advance(101_000);
      const r = await me(token, short);
      expect(r.statusCode).toBe(401);
      expect(r.json()).toMatchObject({ code: 'session_expired' });
    } finally {
      await short.close();
    }
  });

  it('logout → 204, cookie cleared, session dead, audited', async () => {
    const op = await newOperator(t);
    const token = await signIn(t, op);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/backoffice/auth/logout',
      headers: { 'x-requested-with': 'comptoir' },
      cookies: withOperator(token),
    });
    expect(out.statusCode).toBe(204);
    expect(operatorCookie(out)).toBe('');
    expect((await me(token)).statusCode).toBe(401);
    expect((await auditActions(op.id)).map((a) => a.action)).toEqual(['operator.login', 'operator.logout']);
    // Logging out again (or without a session) is harmless.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/backoffice/auth/logout',
      headers: { 'x-requested-with': 'comptoir' },
    });
    expect(again.statusCode).toBe(204);
  });

  it('a new login from the same browser ends the session it replaces', async () => {
    const op = await newOperator(t);
    const token = await signIn(t, op);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/backoffice/auth/login',
      headers: MUTATION,
      cookies: withOperator(token),
      payload: { email: op.email, password: op.password },
    });
    expect(again.statusCode).toBe(200);
    expect((await me(token)).statusCode).toBe(401);
    expect((await auditActions(op.id)).map((a) => a.action)).toEqual(['operator.login', 'operator.logout']);
  });

  it('mutations without X-Requested-With → 403', async () => {
    const op = await newOperator(t);
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/backoffice/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: { email: op.email, password: op.password },
    });
    expect(r.statusCode).toBe(403);
    expect(r.json()).toMatchObject({ code: 'csrf_header_missing' });
    expect(operatorCookie(r)).toBeUndefined();
  });
});

describe('lockout and rate limit', () => {
  const lockedOut = async (op: TestOperator) => {
    for (let i = 1; i <= 4; i++) {
      expect((await passwordStep(t, op.email, `Mauvais-mot-de-passe-${i}`)).statusCode).toBe(401);
    }
    return passwordStep(t, op.email, 'Mauvais-mot-de-passe-5');
  };

  it('5 wrong passwords lock the operator for 15 min, then 30 min the next time', async () => {
    const op = await newOperator(t);
    const fifth = await lockedOut(op);
    expect(fifth.statusCode).toBe(423);
    const body = fifth.json<{ code: string; lockedUntil: string; detail: string }>();
    expect(body.code).toBe('operator_locked');
    expect(body.detail).toMatch(/verrouillé/);
    expect(new Date(body.lockedUntil).getTime()).toBe(t.clock.now().getTime() + 15 * 60_000);

    // Even the right password is refused while locked (no password oracle).
    expect((await passwordStep(t, op.email, op.password)).statusCode).toBe(423);
    t.clock.advance(15 * 60_000 + 1_000);
    expect((await passwordStep(t, op.email, op.password)).statusCode).toBe(200);

    const again = await lockedOut(op);
    expect(again.statusCode).toBe(423);
    expect(new Date(again.json<{ lockedUntil: string }>().lockedUntil).getTime()).toBe(
      t.clock.now().getTime() + 30 * 60_000,
    );
    t.clock.advance(30 * 60_000 + 1_000);
    // A full login clears the counters.
    await signIn(t, op);
    const counters = await t.ctx.db.query<{ failed_logins: number; lock_count: number }>(
      'select failed_logins, lock_count from operators where id = $1',
      [op.id],
    );
    expect(counters.rows[0]).toEqual({ failed_logins: 0, lock_count: 0 });
  });

  it('5 wrong TOTP codes lock the operator and kill the pending session', async () => {
    const op = await newOperator(t);
    const pending = operatorCookie(await passwordStep(t, op.email, op.password));
    const good = currentTotp(op.totpSecret, t.clock.now());
    const bad = (i: number) => String((Number(good) + 1000 * i) % 1_000_000).padStart(6, '0');
    for (let i = 1; i <= 4; i++) expect((await totpStep(t, pending, bad(i))).statusCode).toBe(401);
    expect((await totpStep(t, pending, bad(5))).statusCode).toBe(423);
    expect((await totpStep(t, pending, good)).statusCode).toBe(401);
    expect((await passwordStep(t, op.email, op.password)).statusCode).toBe(423);
  });

  it('login is rate-limited per IP', async () => {
    const limited = await makeTestContext({}, { db: t.ctx.db });
    try {
      const email = uniqueEmail('ratelimit');
      const codes: number[] = [];
      for (let i = 0; i < 11; i++)
        codes.push((await passwordStep(limited, email, 'Mauvais-mot-de-passe')).statusCode);
      expect(codes.slice(0, 10).every((c) => c === 401)).toBe(true);
      expect(codes[10]).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('OpenAPI', () => {
  it('documents the back-office and sandbox routes', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(r.statusCode).toBe(200);
    const paths = Object.keys(r.json<{ paths: Record<string, unknown> }>().paths);
    for (const p of [
      '/api/backoffice/auth/login',
      '/api/backoffice/auth/login/totp',
      '/api/backoffice/auth/logout',
      '/api/backoffice/auth/me',
      '/api/backoffice/audit-log',
      '/api/sandbox/incoming-transfers',
    ]) {
      expect(paths).toContain(p);
    }
  });
});
