import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestContext, type TestContext } from '../../testing/test-context.ts';
import { tokenHash } from '../../crypto/seal.ts';
import { getMe, handleResetRequests, post } from './__tests__/helpers.ts';
import { loginRequest, makeCustomer, signIn } from '../../testing/customers.ts';
import { mailsTo, tokenFromMail } from '../../testing/mailbox.ts';

let t: TestContext;
beforeAll(async () => {
  t = await makeTestContext({ rateLimits: false });
});
afterAll(async () => t.close());

const NEW_PASSWORD = 'Sept-Cerises-Rouges-77';
/** A reset request, then the job that handles the queued requests (the server runs it every second). */
const requestReset = async (email: string) => {
  const res = await post(t.app, '/api/auth/password-reset', { email });
  await handleResetRequests(t.ctx, email);
  return res;
};
const confirm = (token: string, password: string) =>
  post(t.app, '/api/auth/password-reset/confirm', { token, password });

describe('password reset', () => {
  it('mails a single-use link, signs out every session, and the new password works', async () => {
    const c = await makeCustomer(t.ctx);
    const phone = await signIn(t.app, c);
    const laptop = await signIn(t.app, c);

    const res = await requestReset(c.email.toUpperCase());
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({});

    const [mail] = await mailsTo(t.ctx, c.email);
    expect(mail?.subject).toMatch(/Réinitialisation de votre mot de passe/);
    expect(mail?.text).toMatch(/Bonjour Camille,/);
    expect(mail?.links[0]).toMatch(/^http:\/\/localhost:3000\/change-password\?token=[A-Za-z0-9_-]{43}$/);
    expect(mail?.html).toContain('href="http://localhost:3000/change-password?token=');
    const token = await tokenFromMail(t.ctx, c.email, 'token');

    // Only the token's HMAC is stored.
    const stored = await t.ctx.db.query<{ token_hash: string }>(
      `select token_hash from one_time_tokens where customer_id = $1 and purpose = 'password_reset'`,
      [c.id],
    );
    expect(stored.rows.map((r) => r.token_hash)).toEqual([tokenHash(token)]);

    expect((await confirm(token, NEW_PASSWORD)).statusCode).toBe(204);
    expect((await getMe(t.app, phone)).statusCode).toBe(401);
    expect((await getMe(t.app, laptop)).statusCode).toBe(401);
    expect((await loginRequest(t.app, c.email, c.password)).statusCode).toBe(401);
    expect((await loginRequest(t.app, c.email, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await mailsTo(t.ctx, c.email))[0]?.subject).toBe('Votre mot de passe a été modifié');

    const reuse = await confirm(token, 'Encore-Un-Autre-Mot-99');
    expect(reuse.statusCode).toBe(400);
    expect(reuse.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(reuse.json()).toMatchObject({ code: 'invalid_token', status: 400 });
    expect(reuse.json().detail).toMatch(/n’est plus valide/);
    expect((await loginRequest(t.app, c.email, 'Encore-Un-Autre-Mot-99')).statusCode).toBe(401);
  });

  it('answers an unknown address exactly like a known one, and mails nobody', async () => {
    const c = await makeCustomer(t.ctx);
    const known = await requestReset(c.email);
    const ghost = `fantome.${c.email}`;
    const unknown = await requestReset(ghost);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(unknown.headers['content-type']).toBe(known.headers['content-type']);
    expect(await mailsTo(t.ctx, ghost)).toEqual([]);
  });

  it('only queues the request: the job mails the link later and forgets every address it handled', async () => {
    const c = await makeCustomer(t.ctx);
    const ghost = `fantome.${c.email}`;
    const queued = async () =>
      (
        await t.ctx.db.query<{ email: string }>(
          'select email from password_reset_requests where email = $1 or email = $2',
          [c.email, ghost],
        )
      ).rows.map((r) => r.email);
    expect((await post(t.app, '/api/auth/password-reset', { email: c.email })).statusCode).toBe(202);
    expect((await post(t.app, '/api/auth/password-reset', { email: ghost })).statusCode).toBe(202);
    expect(await mailsTo(t.ctx, c.email)).toEqual([]);
    expect((await queued()).sort()).toEqual([c.email, ghost].sort());

    await handleResetRequests(t.ctx, c.email);
    await handleResetRequests(t.ctx, ghost);
    expect(await queued()).toEqual([]);
    expect(await mailsTo(t.ctx, c.email)).toHaveLength(1);
    expect(await mailsTo(t.ctx, ghost)).toEqual([]);
  });

  it('refuses a link older than 1 hour', async () => {
    const c = await makeCustomer(t.ctx);
    await requestReset(c.email);
    const token = await tokenFromMail(t.ctx, c.email, 'token');
    t.clock.advance(60 * 60_000 + 1000);
    const res = await confirm(token, NEW_PASSWORD);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('invalid_token');
    expect((await loginRequest(t.app, c.email, c.password)).statusCode).toBe(200);
  });

  it('accepts a link just under 1 hour old', async () => {
    const c = await makeCustomer(t.ctx);
    await requestReset(c.email);
    const token = await tokenFromMail(t.ctx, c.email, 'token');
    t.clock.advance(60 * 60_000 - 1000);
    expect((await confirm(token, NEW_PASSWORD)).statusCode).toBe(204);
  });

  it('refuses unknown tokens and tokens of another purpose', async () => {
    expect((await confirm('x'.repeat(43), NEW_PASSWORD)).json().code).toBe('invalid_token');
    const c = await makeCustomer(t.ctx);
    const cookie = await signIn(t.app, c);
    const patch = await t.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: { 'x-requested-with': 'comptoir', 'content-type': 'application/json', cookie },
      payload: {
        email: `neuf.${c.email}`,
        firstName: 'Camille',
        lastName: 'Martin',
        currentPassword: c.password,
      },
    });
    expect(patch.statusCode).toBe(200);
    const emailToken = await tokenFromMail(t.ctx, `neuf.${c.email}`, 'emailToken');
    expect((await confirm(emailToken, NEW_PASSWORD)).statusCode).toBe(400);
  });

  it('applies the password rule (422 weak_password) without using up the link', async () => {
    const c = await makeCustomer(t.ctx);
    await requestReset(c.email);
    const token = await tokenFromMail(t.ctx, c.email, 'token');
    for (const weak of ['court', 'motdepasse123', `Camille-${c.email}`]) {
      const res = await confirm(token, weak);
      expect(res.statusCode).toBe(422);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.json().code).toBe('weak_password');
      expect(res.json().detail).toMatch(/mot de passe/i);
    }
    expect((await confirm(token, NEW_PASSWORD)).statusCode).toBe(204);
  });

  it('lifts a lockout', async () => {
    const c = await makeCustomer(t.ctx);
    for (let i = 0; i < 5; i++) await loginRequest(t.app, c.email, 'faux');
    expect((await loginRequest(t.app, c.email, c.password)).statusCode).toBe(423);
    await requestReset(c.email);
    expect((await confirm(await tokenFromMail(t.ctx, c.email, 'token'), NEW_PASSWORD)).statusCode).toBe(204);
    expect((await loginRequest(t.app, c.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('sends at most 3 mails per account and hour, silently', async () => {
    const c = await makeCustomer(t.ctx);
    for (let i = 0; i < 5; i++) expect((await requestReset(c.email)).statusCode).toBe(202);
    expect(await mailsTo(t.ctx, c.email)).toHaveLength(3);
    t.clock.advance(60 * 60_000 + 1000);
    expect((await requestReset(c.email)).statusCode).toBe(202);
    expect(await mailsTo(t.ctx, c.email)).toHaveLength(4);
  });

  it('a used link voids the other links of the account', async () => {
    const c = await makeCustomer(t.ctx);
    await requestReset(c.email);
    const first = await tokenFromMail(t.ctx, c.email, 'token');
    await requestReset(c.email);
    const second = await tokenFromMail(t.ctx, c.email, 'token');
    expect(second).not.toBe(first);
    expect((await confirm(second, NEW_PASSWORD)).statusCode).toBe(204);
    expect((await confirm(first, 'Encore-Un-Autre-Mot-99')).statusCode).toBe(400);
  });

  it('mails nothing to closed accounts', async () => {
    const c = await makeCustomer(t.ctx, { status: 'closed' });
    expect((await requestReset(c.email)).statusCode).toBe(202);
    expect(await mailsTo(t.ctx, c.email)).toEqual([]);
  });

  it('validates the address format (400, not an answer about the account)', async () => {
    const res = await requestReset('pas-une-adresse');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed' });
    expect(res.json().detail).toMatch(/Veuillez entrer une adresse email valide\./);
  });

  it('needs the anti-CSRF header', async () => {
    const c = await makeCustomer(t.ctx);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset',
      headers: { 'content-type': 'application/json' },
      payload: { email: c.email },
    });
    expect(res.statusCode).toBe(403);
    expect(await mailsTo(t.ctx, c.email)).toEqual([]);
  });
});
