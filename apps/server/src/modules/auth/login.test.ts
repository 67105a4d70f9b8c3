import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Me, Problem } from '@comptoir/contracts';
import { makeTestContext, type TestContext } from '../../testing/test-context.ts';
import { CUSTOMER_COOKIE } from '../../http/cookies.ts';
import { getMe, post } from './__tests__/helpers.ts';
import { loginRequest, makeCustomer, sessionCookie, signIn } from '../../testing/customers.ts';
import { decoySlot } from './lockout.ts';

let t: TestContext;
beforeAll(async () => {
  t = await makeTestContext({ rateLimits: false });
});
afterAll(async () => t.close());

const MINUTE = 60_000;
const problemOf = (body: string) => {
  const { type, title, status, detail, code } = JSON.parse(body) as Record<string, unknown>;
  return { type, title, status, detail, code };
};

describe('POST /api/auth/login', () => {
  it('signs in with the right password: Me in the body, a __Host- session cookie with strict flags', async () => {
    const c = await makeCustomer(t.ctx);
    const res = await loginRequest(t.app, c.email.toUpperCase(), c.password);
    expect(res.statusCode).toBe(200);
    const { me } = res.json<{ me: Me }>();
    expect(me).toMatchObject({
      id: c.id,
      email: c.email,
      status: 'active',
      firstName: 'Camille',
      pendingEmail: null,
    });
    expect(me.customerNumber).toMatch(/^\d+$/);
    expect(me.idleTimeoutSeconds).toBe(300);
    expect(Date.parse(me.sessionExpiresAt) - t.clock.now().getTime()).toBe(12 * 60 * MINUTE);

    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(new RegExp(`^${CUSTOMER_COOKIE}=[A-Za-z0-9_-]{43};`));
    expect(setCookie).toMatch(/; HttpOnly/i);
    expect(setCookie).toMatch(/; Secure/i);
    expect(setCookie).toMatch(/; SameSite=Strict/i);
    expect(setCookie).toMatch(/; Path=\/(;|$)/);
    expect(setCookie).not.toMatch(/Domain=/i);

    const meRes = await getMe(t.app, sessionCookie(res));
    expect(meRes.statusCode).toBe(200);
    expect(meRes.json()).toMatchObject({ id: c.id, email: c.email, customerNumber: me.customerNumber });
  });

  it('answers a wrong password and an unknown e-mail identically (401 problem JSON, French detail)', async () => {
    const c = await makeCustomer(t.ctx);
    const wrong = await loginRequest(t.app, c.email, 'pas-le-bon-mot-de-passe');
    const unknown = await loginRequest(t.app, `inconnu.${c.email}`, 'pas-le-bon-mot-de-passe');
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(problemOf(res.body)).toEqual({
        type: 'https://comptoir.example/problems/invalid_credentials',
        title: 'Authentification requise',
        status: 401,
        detail: 'Identifiants incorrects.',
        code: 'invalid_credentials',
      });
    }
    expect(wrong.body).toBe(unknown.body);
  });

  it('spends the same argon2 work on an unknown e-mail as on a wrong password', async () => {
    const c = await makeCustomer(t.ctx);
    const time = async (email: string) => {
      const start = performance.now();
      await loginRequest(t.app, email, 'pas-le-bon-mot-de-passe');
      return performance.now() - start;
    };
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const wrong: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 3; i++) {
      wrong.push(await time(c.email));
      unknown.push(await time(`absent.${i}.${c.email}`));
    }
    // Skipping the hash would make the unknown case ~50× faster; this only has to catch that.
    expect(median(unknown)).toBeGreaterThan(median(wrong) * 0.3);
    // The failures above must not lock anyone out of the next test.
    expect((await loginRequest(t.app, c.email, c.password)).statusCode).toBe(200);
  });

  it('counts an unknown address’s failure on its decoy row, the write a wrong password makes on an account', async () => {
    const email = `absent.decoy.${Date.now()}@exemple.test`;
    const failures = async () =>
      BigInt(
        (
          await t.ctx.db.query<{ failed_logins: string }>(
            'select failed_logins::text from login_decoys where slot = $1',
            [decoySlot(email)],
          )
        ).rows[0]!.failed_logins,
      );
    const before = await failures();
    expect((await loginRequest(t.app, email, 'pas-le-bon-mot-de-passe')).statusCode).toBe(401);
    // Other test files may count on the same row meanwhile: at least this failure.
    expect(await failures()).toBeGreaterThan(before);
  });

  it('tells a closed customer with the right password that the account is closed and whom to contact; a wrong one gets the generic answer', async () => {
    const c = await makeCustomer(t.ctx, { status: 'closed' });
    const right = await loginRequest(t.app, c.email, c.password);
    expect(right.statusCode).toBe(403);
    expect(right.json()).toMatchObject({ code: 'account_closed', status: 403 });
    const { detail } = right.json<Problem>();
    expect(detail).toContain('Ce compte est clôturé');
    expect(detail).toContain(t.ctx.config.institution.emails.support);
    expect(detail).toContain(t.ctx.config.institution.phone);
    expect(right.headers['set-cookie']).toBeUndefined();

    const wrong = await loginRequest(t.app, c.email, 'pas-le-bon-mot-de-passe');
    const unknown = await loginRequest(t.app, `inconnu.${c.email}`, 'pas-le-bon-mot-de-passe');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toBe(unknown.body);
  });

  it('refuses rejected and unverified customers like a wrong password, but lets every other status in', async () => {
    // pending_email: the password chosen at sign-up must not tell whether the address already had
    // an account (the verification link opens the applicant's first session instead).
    for (const status of ['rejected', 'pending_email'] as const) {
      const c = await makeCustomer(t.ctx, { status });
      const res = await loginRequest(t.app, c.email, c.password);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'invalid_credentials', detail: 'Identifiants incorrects.' });
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    for (const status of ['pending_review', 'corrections_requested'] as const) {
      const c = await makeCustomer(t.ctx, { status });
      const res = await loginRequest(t.app, c.email, c.password);
      expect(res.statusCode).toBe(200);
      expect(res.json().me.status).toBe(status);
    }
  });

  it('needs the anti-CSRF header', async () => {
    const c = await makeCustomer(t.ctx);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: { email: c.email, password: c.password },
    });
    expect(res.statusCode).toBe(403);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json()).toMatchObject({ code: 'csrf_header_missing', status: 403 });
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('rejects a malformed body with a 400 problem, never a 500', async () => {
    for (const payload of [
      {},
      { email: 'a@b.c' },
      { email: 'x'.repeat(300), password: 'p' },
      { email: 1, password: [] },
    ]) {
      const res = await post(t.app, '/api/auth/login', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_failed' });
    }
  });

  it('closes the session the browser already had when signing in again', async () => {
    const c = await makeCustomer(t.ctx);
    const first = await signIn(t.app, c);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'x-requested-with': 'comptoir', 'content-type': 'application/json', cookie: first },
      payload: { email: c.email, password: c.password },
    });
    expect(again.statusCode).toBe(200);
    expect((await getMe(t.app, first)).statusCode).toBe(401);
    expect((await getMe(t.app, sessionCookie(again))).statusCode).toBe(200);
  });
});

describe('lockout', () => {
  it('locks for 15 minutes after 5 consecutive failures, refusing even the right password', async () => {
    const c = await makeCustomer(t.ctx);
    for (let i = 1; i <= 4; i++) {
      expect((await loginRequest(t.app, c.email, `faux-${i}`)).statusCode).toBe(401);
    }
    const fifth = await loginRequest(t.app, c.email, 'faux-5');
    expect(fifth.statusCode).toBe(423);
    expect(fifth.headers['content-type']).toMatch(/^application\/problem\+json/);
    const body = fifth.json<Problem>();
    expect(body.code).toBe('account_locked');
    expect(body.detail).toMatch(/temporairement verrouillé/);
    expect(body.detail).toMatch(/Réessayez après le \d{2}\/\d{2}\/\d{4} à \d{2}:\d{2}/);
    expect(Date.parse(body.lockedUntil ?? '')).toBe(t.clock.now().getTime() + 15 * MINUTE);

    const during = await loginRequest(t.app, c.email, c.password);
    expect(during.statusCode).toBe(423);
    expect(during.json().lockedUntil).toBe(body.lockedUntil);

    t.clock.advance(15 * MINUTE - 1000);
    expect((await loginRequest(t.app, c.email, c.password)).statusCode).toBe(423);
    t.clock.advance(1000);
    expect((await loginRequest(t.app, c.email, c.password)).statusCode).toBe(200);
  });

  it('doubles the lock for each further lock', async () => {
    const c = await makeCustomer(t.ctx);
    const lockNow = async () => {
      for (let i = 1; i <= 4; i++) await loginRequest(t.app, c.email, `faux-${i}`);
      const res = await loginRequest(t.app, c.email, 'faux-5');
      expect(res.statusCode).toBe(423);
      return Date.parse(res.json<Problem>().lockedUntil ?? '') - t.clock.now().getTime();
    };
    expect(await lockNow()).toBe(15 * MINUTE);
    t.clock.advance(15 * MINUTE);
    expect(await lockNow()).toBe(30 * MINUTE);
    t.clock.advance(15 * MINUTE);
    expect((await loginRequest(t.app, c.email, c.password)).statusCode).toBe(423);
    t.clock.advance(15 * MINUTE);
    expect(await lockNow()).toBe(60 * MINUTE);
    t.clock.advance(60 * MINUTE);
    expect((await loginRequest(t.app, c.email, c.password)).statusCode).toBe(200);
  });

  it('counts only consecutive failures: a success starts the count again', async () => {
    const c = await makeCustomer(t.ctx);
    for (let i = 0; i < 4; i++) await loginRequest(t.app, c.email, 'faux');
    expect((await loginRequest(t.app, c.email, c.password)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) {
      expect((await loginRequest(t.app, c.email, 'faux')).statusCode).toBe(401);
    }
    expect((await loginRequest(t.app, c.email, 'faux')).statusCode).toBe(423);
  });

  it('counts concurrent failures exactly (no lost update)', async () => {
    const c = await makeCustomer(t.ctx);
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) => loginRequest(t.app, c.email, `faux-${i}`)),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([401, 401, 401, 401, 423]);
    expect((await loginRequest(t.app, c.email, c.password)).statusCode).toBe(423);
  });
});

describe('sessions', () => {
  it('expires after 5 minutes without activity, and each call slides the idle window', async () => {
    const c = await makeCustomer(t.ctx);
    const cookie = await signIn(t.app, c);
    t.clock.advance(5 * MINUTE - 1000);
    expect((await getMe(t.app, cookie)).statusCode).toBe(200);
    t.clock.advance(5 * MINUTE - 1000);
    expect((await getMe(t.app, cookie)).statusCode).toBe(200);
    t.clock.advance(5 * MINUTE);
    const res = await getMe(t.app, cookie);
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json().code).toBe('unauthenticated');
  });

  it('writes the slide only once the last one is 10 s old: a burst of requests only reads the session', async () => {
    const c = await makeCustomer(t.ctx);
    const cookie = await signIn(t.app, c);
    const lastSeen = async () =>
      (
        await t.ctx.db.query<{ last_seen_at: Date }>(
          'select last_seen_at from customer_sessions where customer_id = $1',
          [c.id],
        )
      ).rows[0]?.last_seen_at.getTime();
    const signedInAt = await lastSeen();
    t.clock.advance(t.ctx.config.sessionSlideStepSeconds * 1000 - 1000);
    expect((await getMe(t.app, cookie)).statusCode).toBe(200);
    expect(await lastSeen()).toBe(signedInAt);
    t.clock.advance(1000);
    expect((await getMe(t.app, cookie)).statusCode).toBe(200);
    expect(await lastSeen()).toBe(t.clock.now().getTime());
  });

  it('ends after 12 hours even when active', async () => {
    const c = await makeCustomer(t.ctx);
    const cookie = await signIn(t.app, c);
    for (let elapsed = 4; elapsed <= 11 * 60 + 56; elapsed += 4) {
      t.clock.advance(4 * MINUTE);
      expect((await getMe(t.app, cookie)).statusCode).toBe(200);
    }
    t.clock.advance(3 * MINUTE); // 11 h 59
    expect((await getMe(t.app, cookie)).statusCode).toBe(200);
    t.clock.advance(2 * MINUTE); // 12 h 01, idle only 2 min
    expect((await getMe(t.app, cookie)).statusCode).toBe(401);
  });

  it('GET /api/me without a cookie or with a forged one → 401', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/me' })).statusCode).toBe(401);
    const forged = await getMe(t.app, `${CUSTOMER_COOKIE}=${'A'.repeat(43)}`);
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toMatchObject({ code: 'unauthenticated', status: 401 });
  });

  it('GET /api/session answers 200 whether signed in or not: the customer, or null', async () => {
    const session = (cookie?: string) =>
      t.app.inject({ method: 'GET', url: '/api/session', headers: cookie ? { cookie } : {} });
    const none = await session();
    expect([none.statusCode, none.json()]).toEqual([200, { me: null }]);
    expect(none.headers['set-cookie']).toBeUndefined();
    const forged = await session(`${CUSTOMER_COOKIE}=${'A'.repeat(43)}`);
    expect([forged.statusCode, forged.json()]).toEqual([200, { me: null }]);
    // A dead cookie is cleared, as the guard does.
    expect(String(forged.headers['set-cookie'])).toMatch(new RegExp(`^${CUSTOMER_COOKIE}=;`));

    const c = await makeCustomer(t.ctx);
    const cookie = await signIn(t.app, c);
    const live = await session(cookie);
    expect(live.statusCode).toBe(200);
    expect(live.json<{ me: Me }>().me).toMatchObject({ id: c.id, email: c.email, status: 'active' });
    // It slides the idle window like any signed-in call, and forgets the session once idle.
    t.clock.advance(4 * MINUTE);
    expect((await session(cookie)).json<{ me: Me | null }>().me?.id).toBe(c.id);
    t.clock.advance(4 * MINUTE);
    expect((await getMe(t.app, cookie)).statusCode).toBe(200);
    t.clock.advance(6 * MINUTE);
    expect((await session(cookie)).json()).toEqual({ me: null });
  });
});

describe('POST /api/auth/logout', () => {
  it('revokes the server session and clears the cookie', async () => {
    const c = await makeCustomer(t.ctx);
    const cookie = await signIn(t.app, c);
    const res = await post(t.app, '/api/auth/logout', {}, cookie);
    expect(res.statusCode).toBe(204);
    const cleared = String(res.headers['set-cookie']);
    expect(cleared).toMatch(new RegExp(`^${CUSTOMER_COOKIE}=;`));
    expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970/);
    expect(cleared).toMatch(/; Secure/i);
    expect(cleared).toMatch(/; Path=\//);
    // The old token is dead on the server, not only forgotten by the browser.
    expect((await getMe(t.app, cookie)).statusCode).toBe(401);
  });

  it('works without a session, and without a body', async () => {
    expect((await post(t.app, '/api/auth/logout', {})).statusCode).toBe(204);
    const bare = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { 'x-requested-with': 'comptoir' },
    });
    expect(bare.statusCode).toBe(204);
  });

  it('needs the anti-CSRF header', async () => {
    const c = await makeCustomer(t.ctx);
    const cookie = await signIn(t.app, c);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(res.statusCode).toBe(403);
    expect((await getMe(t.app, cookie)).statusCode).toBe(200);
  });
});

describe('OpenAPI', () => {
  it('documents the auth routes from their zod schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ paths: Record<string, Record<string, unknown>> }>();
    for (const [path, method] of [
      ['/api/auth/login', 'post'],
      ['/api/auth/logout', 'post'],
      ['/api/me', 'get'],
      ['/api/me', 'patch'],
      ['/api/auth/email-change/confirm', 'post'],
      ['/api/auth/password-reset', 'post'],
      ['/api/auth/password-reset/confirm', 'post'],
    ] as const) {
      expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    }
    expect(JSON.stringify(doc.paths['/api/auth/login'])).toContain('"423"');
    expect(doc.paths['/dev/mailbox']).toBeUndefined();
  });
});
