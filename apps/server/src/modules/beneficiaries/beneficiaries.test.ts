import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { luxembourgIban } from '@comptoir/core';
import { errorDetail, type Account, type Beneficiary, type Problem } from '@comptoir/contracts';
import { tokenHash } from '../../crypto/seal.ts';
import { makeTestContext, MUTATION, type TestContext } from '../../testing/test-context.ts';
import { makeCustomer, signIn, type TestCustomer } from '../../testing/customers.ts';
import { newOperator, signIn as operatorSignIn, withOperator } from '../operators/__tests__/testing.ts';
import { grantScaToken } from '../sca/__tests__/testing.ts';
import { beneficiaryOf } from './queries.ts';

let t: TestContext;
let alice: TestCustomer;
let bob: TestCustomer;
let aliceCookie: string;
let bobCookie: string;
/** The payee at this bank: Jean-Marc Lefèvre's main account. */
let payeeIban: string;

const ERIKA = 'DE55370400440532014000';
const FOREIGN = 'FR7630006000011234567890189';

beforeAll(async () => {
  t = await makeTestContext({ rateLimits: false });
  alice = await makeCustomer(t.ctx, { firstName: 'Alice', lastName: 'Moreau' });
  bob = await makeCustomer(t.ctx, { firstName: 'Bob', lastName: 'Girard' });
  const payee = await makeCustomer(t.ctx, { firstName: 'Jean-Marc', lastName: 'Lefèvre' });
  aliceCookie = await signIn(t.app, alice);
  bobCookie = await signIn(t.app, bob);
  const payeeCookie = await signIn(t.app, payee);
  const accounts = await t.app.inject({
    method: 'GET',
    url: '/api/accounts',
    headers: { cookie: payeeCookie },
  });
  const main = accounts.json<Account[]>().find((a) => a.kind === 'main');
  if (!main?.iban) throw new Error('the payee has no IBAN');
  payeeIban = main.iban;
});
afterAll(() => t.close());

/** A customer of this bank whose account an operator closed (at zero balance): their former IBAN. */
async function closedCustomerIban(firstName: string, lastName: string): Promise<string> {
  const customer = await makeCustomer(t.ctx, { firstName, lastName });
  const { rows } = await t.ctx.db.query<{ iban: string }>(
    `select iban from ledger_accounts where customer_id = $1 and kind = 'customer_main'`,
    [customer.id],
  );
  const admin = await operatorSignIn(t, await newOperator(t, 'admin'));
  const closed = await t.app.inject({
    method: 'POST',
    url: `/api/backoffice/customers/${customer.id}/close`,
    headers: { 'x-requested-with': 'comptoir' },
    cookies: withOperator(admin),
  });
  expect(closed.statusCode, closed.body).toBe(200);
  return rows[0]!.iban;
}

const list = (cookie: string) =>
  t.app.inject({ method: 'GET', url: '/api/beneficiaries', headers: { cookie } });
const add = (cookie: string, payload: object, scaToken?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/beneficiaries',
    headers: { ...MUTATION, cookie, ...(scaToken ? { 'x-sca-token': scaToken } : {}) },
    payload,
  });
const remove = (cookie: string, id: string) =>
  t.app.inject({
    method: 'DELETE',
    url: `/api/beneficiaries/${id}`,
    headers: { 'x-requested-with': 'comptoir', cookie },
  });
const verify = (cookie: string, iban: string, name: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payee-verification',
    headers: { ...MUTATION, cookie },
    payload: { iban, name },
  });

/** Adds a beneficiary with strong authentication granted for its IBAN. */
async function addWithSca(
  customer: TestCustomer,
  cookie: string,
  payload: { iban: string } & Record<string, unknown>,
) {
  const token = await grantScaToken(t.ctx, customer.id, 'beneficiary', { iban: payload.iban });
  return add(cookie, payload, token);
}

describe('Verification of Payee', () => {
  it('compares the name with the real holder of an account of this bank', async () => {
    const spaced = payeeIban.replace(/(.{4})/g, '$1 ').toLowerCase();
    expect((await verify(aliceCookie, spaced, 'lefevre jean-marc')).json()).toEqual({
      result: 'match',
      reportedForFraud: false,
    });
    expect((await verify(aliceCookie, payeeIban, 'J. Lefèvre')).json()).toEqual({
      result: 'close_match',
      holderName: 'Jean-Marc Lefèvre',
      reportedForFraud: false,
    });
    expect((await verify(aliceCookie, payeeIban, 'Jean-Marc Lefebvre')).json()).toEqual({
      result: 'close_match',
      holderName: 'Jean-Marc Lefèvre',
      reportedForFraud: false,
    });
    const mismatch = await verify(aliceCookie, payeeIban, 'Sophie Bernard');
    expect(mismatch.statusCode).toBe(200);
    expect(mismatch.json()).toEqual({ result: 'no_match', reportedForFraud: false });
  });

  it('cannot verify an IBAN of this bank that no open account has', async () => {
    const nobody = luxembourgIban(t.ctx.config.institution.bankCode, 9_999_999_999_991n);
    expect((await verify(aliceCookie, nobody, 'Jean Dupont')).json()).toEqual({
      result: 'not_possible',
      reportedForFraud: false,
    });
  });

  it('says an account of this bank is closed, and nothing more: no name, whatever is typed', async () => {
    const closed = await closedCustomerIban('Clotilde', 'Fermat');
    for (const name of ['Clotilde Fermat', 'Clotilde Fermatt', 'Jean Dupont']) {
      const res = await verify(aliceCookie, closed, name);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        result: 'not_possible',
        reason: 'account_closed',
        reportedForFraud: false,
      });
    }
  });

  it('asks the sandbox rail for other banks: its test IBANs answer, any other cannot be verified', async () => {
    expect((await verify(aliceCookie, ERIKA, 'Erika Mustermann')).json()).toEqual({
      result: 'match',
      reportedForFraud: false,
    });
    expect((await verify(aliceCookie, ERIKA, 'E. Mustermann')).json()).toEqual({
      result: 'close_match',
      holderName: 'Erika Mustermann',
      reportedForFraud: false,
    });
    expect((await verify(aliceCookie, ERIKA, 'Paul Weber')).json()).toEqual({
      result: 'no_match',
      reportedForFraud: false,
    });
    expect((await verify(aliceCookie, FOREIGN, 'Jean Dupont')).json()).toEqual({
      result: 'not_possible',
      reportedForFraud: false,
    });
  });

  it('refuses an invalid IBAN in French', async () => {
    for (const iban of ['LU290019400644750000', 'DE55370400440532014001x', 'XX00 0000 0000 0000']) {
      const res = await verify(aliceCookie, iban, 'Jean Dupont');
      expect(res.statusCode, iban).toBe(400);
      expect(res.json<Problem>().detail).toContain('IBAN invalide.');
    }
  });

  it('needs a customer with an open account', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payee-verification',
      headers: MUTATION,
      payload: { iban: ERIKA, name: 'Erika Mustermann' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('adding a beneficiary', () => {
  it('saves an account of this bank with the bank’s own BIC and lists it', async () => {
    const res = await addWithSca(alice, aliceCookie, {
      label: 'Loyer',
      name: 'Jean-Marc Lefèvre',
      iban: payeeIban,
      bic: 'DEUTDEFFXXX',
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<Beneficiary>();
    expect(created).toMatchObject({
      label: 'Loyer',
      name: 'Jean-Marc Lefèvre',
      iban: payeeIban,
      bic: t.ctx.config.institution.bic,
      internal: true,
    });
    expect((await beneficiaryOf(t.ctx.db, alice.id, created.id))?.verification).toBe('match');
    const listed = (await list(aliceCookie)).json<Beneficiary[]>();
    expect(listed.map((b) => b.id)).toContain(created.id);
  });

  it('saves another bank’s IBAN typed with spaces in electronic form, BIC upper-cased, no label', async () => {
    const res = await addWithSca(alice, aliceCookie, {
      name: 'Jean Dupont',
      iban: 'fr76 3000 6000 0112 3456 7890 189',
      bic: 'agrifrpp',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<Beneficiary>()).toMatchObject({
      label: null,
      iban: FOREIGN,
      bic: 'AGRIFRPP',
      internal: false,
    });
    const row = await beneficiaryOf(t.ctx.db, alice.id, res.json<Beneficiary>().id);
    expect(row?.verification).toBe('not_possible');
  });

  it('refuses an invalid IBAN or BIC in French', async () => {
    const badIban = await addWithSca(alice, aliceCookie, {
      name: 'Jean Dupont',
      iban: 'LU290019400644750000',
    });
    expect(badIban.statusCode).toBe(400);
    expect(badIban.json<Problem>().detail).toBe('IBAN invalide.');
    const badBic = await addWithSca(alice, aliceCookie, {
      name: 'Jean Dupont',
      iban: FOREIGN,
      bic: 'AGRI1RPP',
    });
    expect(badBic.statusCode).toBe(400);
    expect(badBic.json<Problem>().detail).toBe('BIC invalide.');
  });

  it('refuses an IBAN of this bank that no open account has', async () => {
    const nobody = luxembourgIban(t.ctx.config.institution.bankCode, 9_999_999_999_992n);
    const res = await addWithSca(alice, aliceCookie, { name: 'Jean Dupont', iban: nobody });
    expect(res.statusCode).toBe(400);
  });

  it('refuses a closed account of this bank as closed, leaving the token unused', async () => {
    const closed = await closedCustomerIban('Fermin', 'Clos');
    const token = await grantScaToken(t.ctx, alice.id, 'beneficiary', { iban: closed });
    const res = await add(aliceCookie, { name: 'Fermin Clos', iban: closed }, token);
    expect(res.statusCode).toBe(400);
    expect(res.json<Problem>()).toMatchObject({
      code: 'payee_account_closed',
      detail: errorDetail('payee_account_closed'),
    });
    const { rows } = await t.ctx.db.query<{ used_at: Date | null }>(
      'select used_at from sca_challenges where token_hash = $1',
      [tokenHash(token)],
    );
    expect(rows).toEqual([{ used_at: null }]);
  });

  it('needs strong authentication bound to this IBAN, used once', async () => {
    const payload = { name: 'Erika Mustermann', iban: ERIKA };
    const without = await add(aliceCookie, payload);
    expect(without.statusCode).toBe(401);
    expect(without.json<Problem>().code).toBe('sca_required');

    const forAnother = await grantScaToken(t.ctx, alice.id, 'beneficiary', { iban: FOREIGN });
    expect((await add(aliceCookie, payload, forAnother)).statusCode).toBe(401);

    const bobsToken = await grantScaToken(t.ctx, bob.id, 'beneficiary', { iban: ERIKA });
    expect((await add(aliceCookie, payload, bobsToken)).statusCode).toBe(401);

    const token = await grantScaToken(t.ctx, alice.id, 'beneficiary', { iban: ERIKA });
    expect((await add(aliceCookie, payload, token)).statusCode).toBe(201);
    const replay = await add(aliceCookie, payload, token);
    expect(replay.statusCode).toBe(401);
    expect(replay.json<Problem>().code).toBe('sca_required');
  });

  it('saves one beneficiary when two additions race with one token', async () => {
    const token = await grantScaToken(t.ctx, alice.id, 'beneficiary', { iban: FOREIGN });
    const payload = { name: 'Race Condition', iban: FOREIGN, label: 'course' };
    const answers = await Promise.all([add(aliceCookie, payload, token), add(aliceCookie, payload, token)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 401]);
    const saved = (await list(aliceCookie)).json<Beneficiary[]>().filter((b) => b.label === 'course');
    expect(saved).toHaveLength(1);
  });

  it('needs an explicit confirmation when the name does not match, and keeps the token until then', async () => {
    const payload = { name: 'Paul Weber', iban: ERIKA };
    const token = await grantScaToken(t.ctx, alice.id, 'beneficiary', { iban: ERIKA });
    const refused = await add(aliceCookie, payload, token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<Problem>()).toMatchObject({
      code: 'payee_name_mismatch',
      detail: errorDetail('payee_name_mismatch'),
    });
    expect(refused.body).not.toContain('Mustermann');

    const confirmed = await add(aliceCookie, { ...payload, confirmedMismatch: true }, token);
    expect(confirmed.statusCode, confirmed.body).toBe(201);
    const row = await beneficiaryOf(t.ctx.db, alice.id, confirmed.json<Beneficiary>().id);
    expect(row?.verification).toBe('no_match');
    expect(row?.name).toBe('Paul Weber');
  });

  it('stores a close match as such', async () => {
    const res = await addWithSca(alice, aliceCookie, { name: 'J. Lefevre', iban: payeeIban });
    expect(res.statusCode).toBe(201);
    const row = await beneficiaryOf(t.ctx.db, alice.id, res.json<Beneficiary>().id);
    expect(row?.verification).toBe('close_match');
  });
});

describe('one customer’s beneficiaries are theirs only', () => {
  it('cannot be listed or deleted by another customer (404 like an unknown id)', async () => {
    const created = (
      await addWithSca(alice, aliceCookie, { name: 'Erika Mustermann', iban: ERIKA, label: 'Erika' })
    ).json<Beneficiary>();
    const bobsList = (await list(bobCookie)).json<Beneficiary[]>();
    expect(bobsList.map((b) => b.id)).not.toContain(created.id);

    const stolen = await remove(bobCookie, created.id);
    const unknown = await remove(bobCookie, '0b3c1f8e-59a4-4e43-9d0c-2c6f0b1d7a11');
    expect(stolen.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(stolen.json<Problem>().detail).toBe(unknown.json<Problem>().detail);
    expect((await list(aliceCookie)).json<Beneficiary[]>().map((b) => b.id)).toContain(created.id);
  });

  it('are deleted by their owner, once', async () => {
    const created = (
      await addWithSca(alice, aliceCookie, { name: 'Jean Dupont', iban: FOREIGN })
    ).json<Beneficiary>();
    const first = await remove(aliceCookie, created.id);
    expect(first.statusCode).toBe(204);
    expect((await list(aliceCookie)).json<Beneficiary[]>().map((b) => b.id)).not.toContain(created.id);
    expect((await remove(aliceCookie, created.id)).statusCode).toBe(404);
    expect((await remove(aliceCookie, 'not-an-id')).statusCode).toBe(404);
  });

  it('start empty for a new customer', async () => {
    expect((await list(bobCookie)).json()).toEqual([]);
  });
});
