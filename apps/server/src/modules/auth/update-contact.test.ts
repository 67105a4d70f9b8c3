import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MUTATION, makeTestContext, type TestContext } from '../../testing/test-context.ts';
import { recordCustomerIdentity } from '../customers/index.ts';
import { sealTaxId } from '../customers/index.ts';
import { newOperator, signIn as operatorSignIn, withOperator } from '../operators/__tests__/testing.ts';
import { getMe } from './__tests__/helpers.ts';
import { makeCustomer, signIn, type TestCustomer } from '../../testing/customers.ts';

let t: TestContext;
beforeAll(async () => {
  t = await makeTestContext({ rateLimits: false });
});
afterAll(async () => t.close());

/** A customer as onboarding leaves them: phone, address, tax residence and sealed tax number. */
async function onboardedCustomer(): Promise<TestCustomer> {
  const c = await makeCustomer(t.ctx);
  await t.ctx.db.tx(async (q) => {
    await recordCustomerIdentity(q, c.id, {
      gender: 'female',
      birthDate: '1990-04-12',
      profession: 'Architecte',
      income: '3000_5000',
      residenceCountry: 'LU',
      address: '12 rue des Prés',
      postalCode: 'L-1234',
      city: 'Luxembourg',
      taxCountry: 'FR',
      taxIdSealed: sealTaxId(t.ctx, c.id, '1 23 45 678 901 23'),
    });
    await q.query("update customers set phone = '+352621000111' where id = $1", [c.id]);
  });
  return c;
}

const patchMe = (cookie: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PATCH', url: '/api/me', headers: { ...MUTATION, cookie }, payload });

const form = (c: TestCustomer, changes: Record<string, unknown> = {}) => ({
  email: c.email,
  firstName: 'Camille',
  lastName: 'Martin',
  currentPassword: c.password,
  ...changes,
});

async function profileAudits(customerId: string) {
  const { rows } = await t.ctx.db.query<{
    actor: string | null;
    operator_id: string | null;
    details: Record<string, unknown>;
  }>(
    `select actor, operator_id, details from audit_log
      where customer_id = $1 and action = 'customer.profile_updated' order by id`,
    [customerId],
  );
  return rows;
}

describe('GET /api/me — « Mes informations »', () => {
  it('gives the identity fields and the tax number masked but for its last digits, never in full', async () => {
    const c = await onboardedCustomer();
    const res = await getMe(t.app, await signIn(t.app, c));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      firstName: 'Camille',
      lastName: 'Martin',
      phone: '+352621000111',
      email: c.email,
      residenceCountry: 'LU',
      taxCountry: 'FR',
      address: '12 rue des Prés',
      postalCode: 'L-1234',
      city: 'Luxembourg',
      taxIdMasked: '•••••••••0123',
    });
    expect(res.body).not.toContain('12345678901');
    expect(res.body).not.toContain('678 901');
  });

  it('gives nulls for a customer who never gave them', async () => {
    const c = await makeCustomer(t.ctx);
    expect((await getMe(t.app, await signIn(t.app, c))).json()).toMatchObject({
      address: null,
      taxIdMasked: null,
      residenceCountry: null,
    });
  });
});

describe('PATCH /api/me — phone and address', () => {
  it('refuses a wrong current password: 403 in French, nothing changed, nothing audited', async () => {
    const c = await onboardedCustomer();
    const cookie = await signIn(t.app, c);
    const res = await patchMe(
      cookie,
      form(c, {
        currentPassword: 'pas-le-bon',
        phone: '+33699887766',
        address: '1 place Pirate',
        postalCode: '75001',
        city: 'Paris',
      }),
    );
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'wrong_password', detail: 'Mot de passe actuel incorrect.' });
    expect((await getMe(t.app, cookie)).json()).toMatchObject({
      phone: '+352621000111',
      address: '12 rue des Prés',
      city: 'Luxembourg',
    });
    expect(await profileAudits(c.id)).toEqual([]);
  });

  it('changes them with the right password, audited with the customer as actor and the field names only', async () => {
    const c = await onboardedCustomer();
    const cookie = await signIn(t.app, c);
    const res = await patchMe(
      cookie,
      form(c, {
        phone: '+33 6 99 88 77 66',
        address: ' 3 avenue de la Gare ',
        postalCode: 'L-1610',
        city: 'Luxembourg',
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().me).toMatchObject({
      phone: '+33699887766',
      address: '3 avenue de la Gare',
      postalCode: 'L-1610',
    });
    expect((await getMe(t.app, cookie)).json()).toMatchObject({
      phone: '+33699887766',
      address: '3 avenue de la Gare',
    });

    const audits = await profileAudits(c.id);
    expect(audits).toEqual([
      { actor: 'customer', operator_id: null, details: { fields: ['address', 'phone', 'postalCode'] } },
    ]);
    const text = JSON.stringify(audits);
    for (const secret of ['+33699887766', 'Gare', c.password]) expect(text).not.toContain(secret);
  });

  it('leaves them as they are when left out, and audits nothing when nothing changed', async () => {
    const c = await onboardedCustomer();
    const cookie = await signIn(t.app, c);
    expect((await patchMe(cookie, form(c))).statusCode).toBe(200);
    expect((await getMe(t.app, cookie)).json()).toMatchObject({ phone: '+352621000111', city: 'Luxembourg' });
    expect(await profileAudits(c.id)).toEqual([]);
  });

  it('refuses a phone that is not E.164 and a partial address with French 400s, changing nothing', async () => {
    const c = await onboardedCustomer();
    const cookie = await signIn(t.app, c);
    const badPhone = await patchMe(cookie, form(c, { phone: '06 12', firstName: 'Autre' }));
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.json().detail).toContain('format international');
    const partial = await patchMe(cookie, form(c, { address: '5 rue Neuve', firstName: 'Autre' }));
    expect(partial.statusCode).toBe(400);
    expect(partial.json().detail).toContain('l’adresse, le code postal et la ville');
    const blank = await patchMe(cookie, form(c, { address: '  ', postalCode: '1', city: 'X' }));
    expect(blank.statusCode).toBe(400);
    expect((await getMe(t.app, cookie)).json()).toMatchObject({
      firstName: 'Camille',
      address: '12 rue des Prés',
    });
    expect(await profileAudits(c.id)).toEqual([]);
  });

  it('shows the change in the back office audit log with the customer as actor', async () => {
    const c = await onboardedCustomer();
    const cookie = await signIn(t.app, c);
    expect(
      (
        await patchMe(
          cookie,
          form(c, {
            city: 'Esch-sur-Alzette',
            address: '3 rue Haute',
            postalCode: 'L-4001',
            phone: '+352691222333',
          }),
        )
      ).statusCode,
    ).toBe(200);
    const operator = await operatorSignIn(t, await newOperator(t, 'admin'));
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/backoffice/audit-log?customerId=${c.id}&action=customer.profile_updated`,
      cookies: withOperator(operator),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toEqual([
      expect.objectContaining({
        actor: 'customer',
        operatorId: null,
        operatorEmail: null,
        customerId: c.id,
        details: { fields: ['address', 'city', 'phone', 'postalCode'] },
      }),
    ]);
    const verify = await t.app.inject({
      method: 'GET',
      url: '/api/backoffice/audit-log/verify',
      cookies: withOperator(operator),
    });
    expect(verify.json()).toMatchObject({ ok: true });
  });
});
