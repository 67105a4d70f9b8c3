import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CustomerSessionView } from '@comptoir/contracts';
import { makeTestContext, MUTATION, type TestContext } from '../../testing/test-context.ts';
import { getMe } from '../auth/__tests__/testing.ts';
import { makeCustomer, sessionCookie, type TestCustomer } from '../../testing/customers.ts';
import { resolveCustomerSession } from '../auth/index.ts';
import { openLiveStream } from '../events/__tests__/testing.ts';
import { readEventStream } from '../events/__tests__/testing.ts';

let t: TestContext;
let base: string;
beforeAll(async () => {
  t = await makeTestContext({ rateLimits: false });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const LINUX_FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const WINDOWS_CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** Signs in from a browser with the given user agent; returns its Cookie header. */
async function signInWith(c: TestCustomer, userAgent: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { ...MUTATION, 'user-agent': userAgent },
    payload: { email: c.email, password: c.password },
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return sessionCookie(res);
}

const list = (cookie: string) =>
  t.app.inject({ method: 'GET', url: '/api/me/sessions', headers: { cookie } });
const sessionsOf = async (cookie: string): Promise<CustomerSessionView[]> => {
  const res = await list(cookie);
  expect(res.statusCode).toBe(200);
  return res.json<{ items: CustomerSessionView[] }>().items;
};
const revoke = (cookie: string, id: string) =>
  t.app.inject({
    method: 'DELETE',
    url: `/api/me/sessions/${id}`,
    headers: { 'x-requested-with': 'comptoir', cookie },
  });
const revokeOthers = (cookie: string) =>
  t.app.inject({
    method: 'DELETE',
    url: '/api/me/sessions',
    headers: { 'x-requested-with': 'comptoir', cookie },
  });

async function tokenHashes(customerId: string): Promise<string[]> {
  const { rows } = await t.ctx.db.query<{ token_hash: string }>(
    'select token_hash from customer_sessions where customer_id = $1',
    [customerId],
  );
  return rows.map((r) => r.token_hash);
}

async function auditRows(customerId: string) {
  const { rows } = await t.ctx.db.query<{
    action: string;
    actor: string | null;
    operator_id: string | null;
    details: Record<string, unknown>;
  }>('select action, actor, operator_id, details from audit_log where customer_id = $1 order by id', [
    customerId,
  ]);
  return rows;
}

describe('GET /api/me/sessions', () => {
  it('lists the live sessions, this one first and flagged, with device, browser and system read from the user agent', async () => {
    const c = await makeCustomer(t.ctx);
    const desktop = await signInWith(c, LINUX_FIREFOX);
    t.clock.advance(1000);
    const phone = await signInWith(c, IPHONE);
    const items = await sessionsOf(phone);
    expect(items).toHaveLength(2);
    expect(items[0]).toMatchObject({ current: true, device: 'mobile', browser: 'Safari 17', os: 'iOS 17' });
    expect(items[1]).toMatchObject({
      current: false,
      device: 'desktop',
      browser: 'Firefox 128',
      os: 'Linux',
    });
    for (const s of items) {
      expect(s.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(Date.parse(s.createdAt)).not.toBeNaN();
      expect(Date.parse(s.lastSeenAt)).not.toBeNaN();
    }
    const fromDesktop = await sessionsOf(desktop);
    expect(fromDesktop.map((s) => s.current)).toEqual([true, false]);
    expect(fromDesktop[0]?.device).toBe('desktop');
  });

  it('never gives a session token or its hash', async () => {
    const c = await makeCustomer(t.ctx);
    const a = await signInWith(c, WINDOWS_CHROME);
    const b = await signInWith(c, IPHONE);
    const body = (await list(a)).body;
    const hashes = await tokenHashes(c.id);
    expect(hashes).toHaveLength(2);
    for (const secret of [...hashes, a.split('=')[1]!, b.split('=')[1]!]) expect(body).not.toContain(secret);
    const me = (await getMe(t.app, a)).body;
    for (const secret of hashes) expect(me).not.toContain(secret);
  });

  it('leaves out revoked, idle and other customers’ sessions', async () => {
    const c = await makeCustomer(t.ctx);
    const other = await makeCustomer(t.ctx);
    await signInWith(other, IPHONE);
    const old = await signInWith(c, IPHONE);
    t.clock.advance((t.ctx.config.customerIdleSeconds + 5) * 1000);
    const fresh = await signInWith(c, LINUX_FIREFOX);
    const items = await sessionsOf(fresh);
    expect(items).toHaveLength(1);
    expect(items[0]?.current).toBe(true);
    expect((await getMe(t.app, old)).statusCode).toBe(401);
  });

  it('answers 401 without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/me/sessions' });
    expect(res.statusCode).toBe(401);
  });
});

describe('DELETE /api/me/sessions/{id}', () => {
  it('signs another session out at once: its next request is 401; audited with the customer as actor', async () => {
    const c = await makeCustomer(t.ctx);
    const mine = await signInWith(c, LINUX_FIREFOX);
    const stolen = await signInWith(c, WINDOWS_CHROME);
    const target = (await sessionsOf(mine)).find((s) => !s.current)!;
    const res = await revoke(mine, target.id);
    expect(res.statusCode).toBe(204);
    expect((await getMe(t.app, stolen)).statusCode).toBe(401);
    expect((await getMe(t.app, mine)).statusCode).toBe(200);
    expect((await sessionsOf(mine)).map((s) => s.id)).not.toContain(target.id);
    // Gone now: a second revocation finds nothing.
    expect((await revoke(mine, target.id)).statusCode).toBe(404);

    const audit = (await auditRows(c.id)).filter((r) => r.action === 'customer.session_revoked');
    expect(audit).toEqual([
      {
        action: 'customer.session_revoked',
        actor: 'customer',
        operator_id: null,
        details: { sessionId: target.id },
      },
    ]);
    const hashes = await tokenHashes(c.id);
    expect(JSON.stringify(await auditRows(c.id))).not.toContain(hashes[0]!);
  });

  it('answers 404 « Session introuvable. » for another customer’s, an unknown or a malformed id, and changes nothing', async () => {
    const c = await makeCustomer(t.ctx);
    const stranger = await makeCustomer(t.ctx);
    const mine = await signInWith(c, LINUX_FIREFOX);
    const theirs = await signInWith(stranger, IPHONE);
    const theirId = (await sessionsOf(theirs))[0]!.id;
    for (const id of [
      theirId,
      theirId.toUpperCase(),
      '00000000-0000-4000-8000-000000000000',
      'pas-un-id',
      '1',
    ]) {
      const res = await revoke(mine, id);
      expect(res.statusCode, id).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.json()).toMatchObject({ code: 'session_not_found', detail: 'Session introuvable.' });
    }
    expect((await getMe(t.app, theirs)).statusCode).toBe(200);
    expect(await sessionsOf(theirs)).toHaveLength(1);
  });

  it('refuses the session asking (409: « Déconnexion » closes it)', async () => {
    const c = await makeCustomer(t.ctx);
    const mine = await signInWith(c, LINUX_FIREFOX);
    const own = (await sessionsOf(mine))[0]!;
    const res = await revoke(mine, own.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toContain('Déconnexion');
    expect((await getMe(t.app, mine)).statusCode).toBe(200);
  });

  it('needs the X-Requested-With header', async () => {
    const c = await makeCustomer(t.ctx);
    const mine = await signInWith(c, LINUX_FIREFOX);
    await signInWith(c, IPHONE);
    const other = (await sessionsOf(mine)).find((s) => !s.current)!;
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/me/sessions/${other.id}`,
      headers: { cookie: mine },
    });
    expect(res.statusCode).toBe(403);
    expect(await sessionsOf(mine)).toHaveLength(2);
  });

  it('tells the revoked session’s open live stream `signed_out` and ends it; the other streams hear `sessions`', async () => {
    const c = await makeCustomer(t.ctx);
    const mine = await signInWith(c, LINUX_FIREFOX);
    const stolen = await signInWith(c, WINDOWS_CHROME);
    const stolenStream = await readEventStream(`${base}/api/events`, stolen);
    const myStream = await readEventStream(`${base}/api/events`, mine);
    try {
      expect(stolenStream.response.statusCode).toBe(200);
      await vi.waitFor(() => expect(stolenStream.events[0]?.type).toBe('status'), { timeout: 5000 });
      await vi.waitFor(() => expect(myStream.events[0]?.type).toBe('status'), { timeout: 5000 });
      const target = (await sessionsOf(mine)).find((s) => !s.current)!;
      expect((await revoke(mine, target.id)).statusCode).toBe(204);
      await vi.waitFor(() => expect(stolenStream.ended()).toBe(true), { timeout: 5000 });
      expect(stolenStream.events.slice(1)).toEqual([{ type: 'signed_out', reason: 'revoked' }]);
      await vi.waitFor(() => expect(myStream.events.map((e) => e.type)).toEqual(['status', 'sessions']), {
        timeout: 5000,
      });
      expect(myStream.ended()).toBe(false);
    } finally {
      stolenStream.close();
      myStream.close();
    }
  });
});

describe('live stream of a session over by time', () => {
  it('says `signed_out` with reason `expired` at the heartbeat, then ends', async () => {
    const c = await makeCustomer(t.ctx);
    const cookie = await signInWith(c, LINUX_FIREFOX);
    const token = decodeURIComponent(cookie.split('=')[1]!);
    const session = await resolveCustomerSession(t.ctx, token);
    if (!session) throw new Error('no session');
    const chunks: string[] = [];
    let ended = false;
    const stop = await openLiveStream(
      t.ctx,
      session,
      { write: (chunk) => chunks.push(chunk), end: () => (ended = true) },
      { heartbeatMs: 30 },
    );
    try {
      t.clock.advance((t.ctx.config.customerIdleSeconds + 1) * 1000);
      await vi.waitFor(() => expect(ended).toBe(true), { timeout: 5000 });
      expect(chunks.at(-1)).toBe(`data: ${JSON.stringify({ type: 'signed_out', reason: 'expired' })}\n\n`);
    } finally {
      stop();
    }
  });
});

describe('a new password from /update-user', () => {
  it('signs the other sessions out, live streams included', async () => {
    const c = await makeCustomer(t.ctx);
    const mine = await signInWith(c, LINUX_FIREFOX);
    const other = await signInWith(c, IPHONE);
    const stream = await readEventStream(`${base}/api/events`, other);
    try {
      await vi.waitFor(() => expect(stream.events[0]?.type).toBe('status'), { timeout: 5000 });
      const res = await t.app.inject({
        method: 'PATCH',
        url: '/api/me',
        headers: { ...MUTATION, cookie: mine },
        payload: {
          email: c.email,
          firstName: 'Camille',
          lastName: 'Martin',
          currentPassword: c.password,
          newPassword: 'Sept-Citrons-Jaunes-2026',
        },
      });
      expect(res.statusCode).toBe(200);
      await vi.waitFor(() => expect(stream.ended()).toBe(true), { timeout: 5000 });
      expect(stream.events.slice(1)).toEqual([{ type: 'signed_out', reason: 'revoked' }]);
      expect((await getMe(t.app, other)).statusCode).toBe(401);
      expect((await getMe(t.app, mine)).statusCode).toBe(200);
    } finally {
      stream.close();
    }
  });
});

describe('DELETE /api/me/sessions', () => {
  it('signs out every other session and keeps this one; audited with the count', async () => {
    const c = await makeCustomer(t.ctx);
    const mine = await signInWith(c, LINUX_FIREFOX);
    const others = [await signInWith(c, IPHONE), await signInWith(c, WINDOWS_CHROME)];
    const stranger = await makeCustomer(t.ctx);
    const theirs = await signInWith(stranger, IPHONE);
    const res = await revokeOthers(mine);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ revoked: 2 });
    for (const cookie of others) expect((await getMe(t.app, cookie)).statusCode).toBe(401);
    expect((await getMe(t.app, mine)).statusCode).toBe(200);
    expect((await getMe(t.app, theirs)).statusCode).toBe(200);
    expect(await sessionsOf(mine)).toEqual([expect.objectContaining({ current: true })]);
    expect((await revokeOthers(mine)).json()).toEqual({ revoked: 0 });
    const audit = (await auditRows(c.id)).filter((r) => r.action === 'customer.other_sessions_revoked');
    expect(audit.map((r) => [r.actor, r.details])).toEqual([
      ['customer', { count: 2 }],
      ['customer', { count: 0 }],
    ]);
  });
});
