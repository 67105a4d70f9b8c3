import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MUTATION, makeTestContext, type TestContext } from '../../testing/test-context.ts';
import { getMe, handleResetRequests, post } from './__tests__/helpers.ts';
import { loginRequest, makeCustomer, signIn, type TestCustomer } from '../../testing/customers.ts';
import { mailsTo, tokenFromMail } from '../../testing/mailbox.ts';

// A pending e-mail change must not outlive what the customer does when warned about it, and a
// reset link must not outlive the address it was mailed to.
let t: TestContext;
beforeAll(async () => {
  t = await makeTestContext({ rateLimits: false });
});
afterAll(async () => t.close());

const NEW_PASSWORD = 'Sept-Cerises-Rouges-77';

const patchMe = (cookie: string, c: TestCustomer, changes: Record<string, unknown>) =>
  t.app.inject({
    method: 'PATCH',
    url: '/api/me',
    headers: { ...MUTATION, cookie },
    payload: {
      email: c.email,
      firstName: 'Camille',
      lastName: 'Martin',
      currentPassword: c.password,
      ...changes,
    },
  });
const confirmEmail = (token: string) => post(t.app, '/api/auth/email-change/confirm', { token });
const requestReset = async (email: string) => {
  expect((await post(t.app, '/api/auth/password-reset', { email })).statusCode).toBe(202);
  await handleResetRequests(t.ctx, email);
  return tokenFromMail(t.ctx, email, 'token');
};
const confirmReset = (token: string, password = NEW_PASSWORD) =>
  post(t.app, '/api/auth/password-reset/confirm', { token, password });

/** Someone holding the password asks to move the account to their own address. */
async function intruderAsksForChange(c: TestCustomer) {
  const intruder = await signIn(t.app, c);
  const theirs = `intrus.${c.email}`;
  expect((await patchMe(intruder, c, { email: theirs })).statusCode).toBe(200);
  // The customer is warned at their address: « changez votre mot de passe sans attendre ».
  const [notice] = await mailsTo(t.ctx, c.email);
  expect(notice?.text).toContain('changez votre mot de passe sans attendre');
  return { intruder, theirs, link: await tokenFromMail(t.ctx, theirs, 'emailToken') };
}

const pendingEmailOf = async (c: TestCustomer) =>
  (
    await t.ctx.db.query<{ pending_email: string | null }>(
      'select pending_email from customers where id = $1',
      [c.id],
    )
  ).rows[0]?.pending_email;

describe('a pending e-mail change is cancelled by what the warned customer does', () => {
  it('a password reset: the change link no longer confirms, and the customer still signs in with their address', async () => {
    const c = await makeCustomer(t.ctx);
    const { intruder, link } = await intruderAsksForChange(c);
    t.clock.advance(60_000);
    expect((await confirmReset(await requestReset(c.email))).statusCode).toBe(204);
    expect((await getMe(t.app, intruder)).statusCode).toBe(401);

    const late = await confirmEmail(link);
    expect(late.statusCode).toBe(400);
    expect(late.json().code).toBe('invalid_token');
    expect(await pendingEmailOf(c)).toBeNull();
    expect((await loginRequest(t.app, c.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('« Déconnecter toutes les autres sessions »', async () => {
    const c = await makeCustomer(t.ctx);
    const { intruder, link } = await intruderAsksForChange(c);
    const own = await signIn(t.app, c);
    const revoke = await t.app.inject({
      method: 'DELETE',
      url: '/api/me/sessions',
      headers: { 'x-requested-with': 'comptoir', cookie: own },
    });
    expect(revoke.statusCode).toBe(200);
    expect((await getMe(t.app, intruder)).statusCode).toBe(401);
    expect((await confirmEmail(link)).statusCode).toBe(400);
    expect((await getMe(t.app, own)).json()).toMatchObject({ email: c.email, pendingEmail: null });
  });

  it('a new password, even with the pending address sent again as the form pre-fills it', async () => {
    const c = await makeCustomer(t.ctx);
    const { theirs, link } = await intruderAsksForChange(c);
    const own = await signIn(t.app, c);
    const res = await patchMe(own, c, { email: theirs, newPassword: NEW_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      emailChangePending: false,
      me: { email: c.email, pendingEmail: null },
    });
    expect((await confirmEmail(link)).statusCode).toBe(400);
    // No new link went to the intruder's address.
    expect(await mailsTo(t.ctx, theirs)).toHaveLength(1);
    expect((await loginRequest(t.app, c.email, NEW_PASSWORD)).statusCode).toBe(200);
  });
});

describe('a confirmed change', () => {
  it('tells the old address, with the new one masked', async () => {
    const c = await makeCustomer(t.ctx);
    const cookie = await signIn(t.app, c);
    const newEmail = `nouvelle.${c.email}`;
    await patchMe(cookie, c, { email: newEmail });
    expect((await confirmEmail(await tokenFromMail(t.ctx, newEmail, 'emailToken'))).statusCode).toBe(204);

    const [told] = await mailsTo(t.ctx, c.email);
    expect(told?.subject).toBe('Votre adresse e-mail a été modifiée');
    expect(told?.text).toContain(`n•••@${newEmail.split('@')[1]}`);
    expect(told?.text).not.toContain(newEmail);
    expect(told?.text).toMatch(/Si ce n’était pas vous, contactez-nous/);
    expect(told?.links).toEqual([]);
    // Nothing of the kind goes to the new address (it only got its confirmation link).
    expect((await mailsTo(t.ctx, newEmail)).map((m) => m.subject)).toEqual([
      'Confirmez votre nouvelle adresse e-mail',
    ]);
  });
});

describe('reset links', () => {
  it('one mailed to an address the customer changed since no longer works', async () => {
    const c = await makeCustomer(t.ctx);
    const cookie = await signIn(t.app, c);
    const reset = await requestReset(c.email);
    t.clock.advance(1000);
    const newEmail = `deplacee.${c.email}`;
    await patchMe(cookie, c, { email: newEmail });
    await confirmEmail(await tokenFromMail(t.ctx, newEmail, 'emailToken'));
    const res = await confirmReset(reset);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('invalid_token');
    expect((await loginRequest(t.app, newEmail, c.password)).statusCode).toBe(200);
  });

  it('one issued before an e-mail change no longer works, even once the address is back', async () => {
    const c = await makeCustomer(t.ctx);
    const cookie = await signIn(t.app, c);
    const reset = await requestReset(c.email);
    t.clock.advance(1000);
    const away = `aller.${c.email}`;
    await patchMe(cookie, c, { email: away });
    await confirmEmail(await tokenFromMail(t.ctx, away, 'emailToken'));
    await patchMe(cookie, { ...c, email: away }, { email: c.email });
    await confirmEmail(await tokenFromMail(t.ctx, c.email, 'emailToken'));
    expect((await getMe(t.app, cookie)).json().email).toBe(c.email);
    expect((await confirmReset(reset)).statusCode).toBe(400);
  });

  it('one issued before a password change no longer works', async () => {
    const c = await makeCustomer(t.ctx);
    const cookie = await signIn(t.app, c);
    const reset = await requestReset(c.email);
    t.clock.advance(1000);
    expect((await patchMe(cookie, c, { newPassword: NEW_PASSWORD })).statusCode).toBe(200);
    expect((await confirmReset(reset, 'Encore-Un-Autre-Mot-99')).statusCode).toBe(400);
    expect((await loginRequest(t.app, c.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('one whose address is no longer the customer’s, however it changed, no longer works', async () => {
    const c = await makeCustomer(t.ctx);
    const reset = await requestReset(c.email);
    // An address changed by another path than the confirmation link (no change time recorded).
    await t.ctx.db.query('update customers set email = $2 where id = $1', [c.id, `autre.${c.email}`]);
    expect((await confirmReset(reset)).statusCode).toBe(400);
    await t.ctx.db.query('update customers set email = $2 where id = $1', [c.id, c.email]);
    // Back to the address it was mailed to (and nothing else changed): it works.
    expect((await confirmReset(reset)).statusCode).toBe(204);
  });
});
