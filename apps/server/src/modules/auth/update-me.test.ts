import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MUTATION, makeTestContext, type TestContext } from '../../testing/test-context.ts';
import { getMe, post } from './__tests__/helpers.ts';
import { loginRequest, makeCustomer, signIn, type TestCustomer } from '../../testing/customers.ts';
import { mailsTo, tokenFromMail } from '../../testing/mailbox.ts';

let t: TestContext;
beforeAll(async () => {
  t = await makeTestContext({ rateLimits: false });
});
afterAll(async () => t.close());

const patchMe = (cookie: string | undefined, payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'PATCH',
    url: '/api/me',
    headers: { ...MUTATION, ...(cookie ? { cookie } : {}) },
    payload,
  });

const form = (c: TestCustomer, changes: Record<string, unknown> = {}) => ({
  email: c.email,
  firstName: 'Camille',
  lastName: 'Martin',
  currentPassword: c.password,
  ...changes,
});

const confirmEmail = (token: string) => post(t.app, '/api/auth/email-change/confirm', { token });

describe('PATCH /api/me', () => {
  it('refuses to rename the customer, even with the right password: 422, the name on file stays', async () => {
    const c = await makeCustomer(t.ctx);
    const cookie = await signIn(t.app, c);
    const res = await patchMe(cookie, form(c, { firstName: '  Léa ', lastName: 'Dupont-Moreau' }));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'identity_fields_not_editable' });
    expect(res.json().detail).toMatch(/demande de modification/);
    for (const other of [{ birthDate: '1990-01-01' }, { taxCountry: 'FR' }, { nationality: 'FR' }]) {
      const refused = await patchMe(cookie, form(c, other));
      expect(refused.statusCode, JSON.stringify(other)).toBe(422);
      expect(refused.json().code).toBe('identity_fields_not_editable');
    }
    expect((await getMe(t.app, cookie)).json()).toMatchObject({ firstName: 'Camille', lastName: 'Martin' });
    // The name on file re-sent, or no name at all, is not a change: the rest of the form works.
    expect((await patchMe(cookie, form(c))).statusCode).toBe(200);
    const { firstName: _f, lastName: _l, ...withoutNames } = form(c);
    expect((await patchMe(cookie, withoutNames)).statusCode).toBe(200);
    expect(await mailsTo(t.ctx, c.email)).toEqual([]);
  });

  it('refuses a wrong current password: 403 wrong_password, nothing changed', async () => {
    const c = await makeCustomer(t.ctx);
    const cookie = await signIn(t.app, c);
    const res = await patchMe(
      cookie,
      form(c, { currentPassword: 'pas-le-bon', newPassword: 'Nouvelle-Lune-Claire-8' }),
    );
    expect(res.statusCode).toBe(403);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json()).toMatchObject({
      code: 'wrong_password',
      detail: 'Mot de passe actuel incorrect.',
      status: 403,
    });
    expect((await loginRequest(t.app, c.email, c.password)).statusCode).toBe(200);
  });

  it('counts wrong current passwords toward the lockout', async () => {
    const c = await makeCustomer(t.ctx);
    const cookie = await signIn(t.app, c);
    for (let i = 0; i < 4; i++)
      expect((await patchMe(cookie, form(c, { currentPassword: 'faux' }))).statusCode).toBe(403);
    const fifth = await patchMe(cookie, form(c, { currentPassword: 'faux' }));
    expect(fifth.statusCode).toBe(423);
    expect(fifth.json().code).toBe('account_locked');
    expect((await patchMe(cookie, form(c))).statusCode).toBe(423);
    expect((await loginRequest(t.app, c.email, c.password)).statusCode).toBe(423);
  });

  it('refuses a weak new password with the French reason (422), nothing changed', async () => {
    const c = await makeCustomer(t.ctx);
    const cookie = await signIn(t.app, c);
    const res = await patchMe(cookie, form(c, { newPassword: 'court' }));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'weak_password',
      detail: 'Le mot de passe doit contenir au moins 12 caractères.',
    });
    const named = await patchMe(cookie, form(c, { newPassword: 'Martin-Camille-2024' }));
    expect(named.json().detail).toBe(
      'Le mot de passe ne doit pas contenir votre nom ou votre adresse e-mail.',
    );
    expect((await getMe(t.app, cookie)).json().firstName).toBe('Camille');
    expect((await loginRequest(t.app, c.email, c.password)).statusCode).toBe(200);
  });

  it('changes the password: other sessions end, this one stays, a notice is mailed', async () => {
    const c = await makeCustomer(t.ctx);
    const other = await signIn(t.app, c);
    const cookie = await signIn(t.app, c);
    const res = await patchMe(cookie, form(c, { newPassword: 'Nouvelle-Lune-Claire-8' }));
    expect(res.statusCode).toBe(200);
    expect((await getMe(t.app, cookie)).statusCode).toBe(200);
    expect((await getMe(t.app, other)).statusCode).toBe(401);
    expect((await loginRequest(t.app, c.email, c.password)).statusCode).toBe(401);
    expect((await loginRequest(t.app, c.email, 'Nouvelle-Lune-Claire-8')).statusCode).toBe(200);
    expect((await mailsTo(t.ctx, c.email)).map((m) => m.subject)).toEqual([
      'Votre mot de passe a été modifié',
    ]);
  });

  it('treats an empty new password as "no change"', async () => {
    const c = await makeCustomer(t.ctx);
    const cookie = await signIn(t.app, c);
    expect((await patchMe(cookie, form(c, { newPassword: '' }))).statusCode).toBe(200);
    expect((await loginRequest(t.app, c.email, c.password)).statusCode).toBe(200);
  });

  it('needs a session and validates the form', async () => {
    const c = await makeCustomer(t.ctx);
    const anonymous = await patchMe(undefined, form(c));
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe('unauthenticated');
    const cookie = await signIn(t.app, c);
    const empty = await patchMe(cookie, form(c, { firstName: '   ' }));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().detail).toContain('Tous les champs sont requis.');
    const badEmail = await patchMe(cookie, form(c, { email: 'pas-une-adresse' }));
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().detail).toContain('Veuillez entrer une adresse email valide.');
  });
});

describe('e-mail change', () => {
  it('keeps the address until the link mailed to the new one is used; notifies the old one', async () => {
    const c = await makeCustomer(t.ctx);
    const cookie = await signIn(t.app, c);
    const newEmail = `nouvelle.${c.email}`;
    const res = await patchMe(cookie, form(c, { email: newEmail.toUpperCase() }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      emailChangePending: true,
      me: { email: c.email, pendingEmail: newEmail },
    });

    const [confirmation] = await mailsTo(t.ctx, newEmail);
    expect(confirmation?.subject).toBe('Confirmez votre nouvelle adresse e-mail');
    expect(confirmation?.links[0]).toMatch(
      /^http:\/\/localhost:3000\/update-user\?emailToken=[A-Za-z0-9_-]{43}$/,
    );
    const [notice] = await mailsTo(t.ctx, c.email);
    expect(notice?.subject).toBe('Demande de changement de votre adresse e-mail');
    expect(notice?.text).toContain(newEmail);
    expect(notice?.text).not.toContain('emailToken');

    // Not applied yet: the old address still signs in, the new one does not.
    expect((await loginRequest(t.app, newEmail, c.password)).statusCode).toBe(401);

    const token = await tokenFromMail(t.ctx, newEmail, 'emailToken');
    expect((await confirmEmail(token)).statusCode).toBe(204);
    expect((await getMe(t.app, cookie)).json()).toMatchObject({ email: newEmail, pendingEmail: null });
    expect((await loginRequest(t.app, c.email, c.password)).statusCode).toBe(401);
    expect((await loginRequest(t.app, newEmail, c.password)).statusCode).toBe(200);

    const again = await confirmEmail(token);
    expect(again.statusCode).toBe(400);
    expect(again.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(again.json()).toMatchObject({ code: 'invalid_token' });
  });

  it('does not reveal that the new address belongs to someone else', async () => {
    const owner = await makeCustomer(t.ctx);
    const free = await makeCustomer(t.ctx);
    const c = await makeCustomer(t.ctx);
    const cookie = await signIn(t.app, c);

    const freeAddress = `libre.${free.email}`;
    const toFree = await patchMe(cookie, form(c, { email: freeAddress }));
    const toTaken = await patchMe(cookie, form(c, { email: owner.email }));
    expect(toTaken.statusCode).toBe(toFree.statusCode);
    const shape = (body: string) => {
      const { me, emailChangePending } = JSON.parse(body) as {
        me: Record<string, unknown>;
        emailChangePending: boolean;
      };
      return { emailChangePending, pendingIsTheAskedAddress: me.pendingEmail, keys: Object.keys(me) };
    };
    expect(shape(toTaken.body)).toEqual({ ...shape(toFree.body), pendingIsTheAskedAddress: owner.email });

    // The owner gets a notice, never a link that could move their address.
    const ownerMails = await mailsTo(t.ctx, owner.email);
    expect(ownerMails.map((m) => m.subject)).toEqual([expect.stringMatching(/déjà associée à un compte/)]);
    expect(ownerMails[0]?.text).not.toContain('emailToken');
    // Nobody can take the owner's address, and the earlier (free) link was voided by the new request.
    expect((await confirmEmail(await tokenFromMail(t.ctx, freeAddress, 'emailToken'))).statusCode).toBe(400);
    expect((await getMe(t.app, cookie)).json().email).toBe(c.email);
  });

  it('refuses a confirmation link older than 24 hours', async () => {
    const c = await makeCustomer(t.ctx);
    const cookie = await signIn(t.app, c);
    const newEmail = `tardive.${c.email}`;
    await patchMe(cookie, form(c, { email: newEmail }));
    const token = await tokenFromMail(t.ctx, newEmail, 'emailToken');
    t.clock.advance(24 * 60 * 60_000 + 1000);
    expect((await confirmEmail(token)).json().code).toBe('invalid_token');
  });

  it('going back to the current address cancels the pending change', async () => {
    const c = await makeCustomer(t.ctx);
    const cookie = await signIn(t.app, c);
    const newEmail = `hesitante.${c.email}`;
    await patchMe(cookie, form(c, { email: newEmail }));
    const back = await patchMe(cookie, form(c));
    expect(back.json()).toMatchObject({
      emailChangePending: false,
      me: { pendingEmail: null, email: c.email },
    });
    expect((await confirmEmail(await tokenFromMail(t.ctx, newEmail, 'emailToken'))).statusCode).toBe(400);
  });

  it('refuses an address taken between the request and the confirmation', async () => {
    const c = await makeCustomer(t.ctx);
    const cookie = await signIn(t.app, c);
    const other = await makeCustomer(t.ctx);
    const newEmail = `disputee.${c.email}`;
    await patchMe(cookie, form(c, { email: newEmail }));
    const token = await tokenFromMail(t.ctx, newEmail, 'emailToken');
    // The other customer moves to that address first.
    const otherCookie = await signIn(t.app, other);
    await patchMe(otherCookie, form(other, { email: newEmail }));
    const links = (await mailsTo(t.ctx, newEmail)).flatMap((m) => m.links);
    const otherToken = new URL(links.find((l) => !l.includes(token))!).searchParams.get('emailToken')!;
    expect((await confirmEmail(otherToken)).statusCode).toBe(204);
    const res = await confirmEmail(token);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('invalid_token');
    expect((await getMe(t.app, cookie)).json().email).toBe(c.email);
  });

  it('re-sending the pending address (the form pre-fills it) keeps the mailed link valid', async () => {
    const c = await makeCustomer(t.ctx);
    const cookie = await signIn(t.app, c);
    const newEmail = `patiente.${c.email}`;
    await patchMe(cookie, form(c, { email: newEmail }));
    const token = await tokenFromMail(t.ctx, newEmail, 'emailToken');
    const again = await patchMe(cookie, form(c, { email: newEmail, phone: '+352691222333' }));
    expect(again.json()).toMatchObject({
      emailChangePending: true,
      me: { pendingEmail: newEmail, phone: '+352691222333' },
    });
    expect(await mailsTo(t.ctx, newEmail)).toHaveLength(1);
    expect(await mailsTo(t.ctx, c.email)).toHaveLength(1);
    expect((await confirmEmail(token)).statusCode).toBe(204);
  });

  it('mails a fresh link when the pending one has expired', async () => {
    const c = await makeCustomer(t.ctx);
    const cookie = await signIn(t.app, c);
    const newEmail = `relance.${c.email}`;
    await patchMe(cookie, form(c, { email: newEmail }));
    t.clock.advance(24 * 60 * 60_000 + 1000);
    const fresh = await signIn(t.app, c);
    await patchMe(fresh, form(c, { email: newEmail }));
    expect(await mailsTo(t.ctx, newEmail)).toHaveLength(2);
    expect((await confirmEmail(await tokenFromMail(t.ctx, newEmail, 'emailToken'))).statusCode).toBe(204);
  });

  it('limits the mails an account can trigger per hour', async () => {
    const c = await makeCustomer(t.ctx);
    const cookie = await signIn(t.app, c);
    const targets = [`cible.a.${c.email}`, `cible.b.${c.email}`];
    for (let i = 0; i < 7; i++) {
      expect((await patchMe(cookie, form(c, { email: targets[i % 2] }))).statusCode).toBe(200);
    }
    const sent = [...(await mailsTo(t.ctx, targets[0]!)), ...(await mailsTo(t.ctx, targets[1]!))];
    expect(sent).toHaveLength(5);
    expect(await mailsTo(t.ctx, c.email)).toHaveLength(5);
  });

  it('rejects malformed and unknown tokens with 400', async () => {
    expect((await confirmEmail('court')).statusCode).toBe(400);
    expect((await confirmEmail('z'.repeat(43))).json().code).toBe('invalid_token');
  });
});
