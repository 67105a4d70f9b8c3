import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, cents, luxembourgIban, parisDate } from '@comptoir/core';
import { SCA_TOKEN_HEADER, type Psd2Consent } from '@comptoir/contracts';
import { makeTestContext, MUTATION, type TestContext } from '../../testing/test-context.ts';
import { signIn } from '../../testing/customers.ts';
import { customerCall } from '../../testing/customer-call.ts';
import {
  glAccount,
  nextAccountSerial,
  openCustomerAccount,
  reserveEntry,
  settleEntry,
} from '../../ledger/index.ts';
import { grantScaToken } from '../sca/__tests__/testing.ts';
import { newOperator, signIn as operatorSignIn, withOperator } from '../operators/__tests__/testing.ts';
import { createCertificateAuthority, issueTppCertificate } from './certificates.ts';
import { purgeAccessCounts } from './access-count-purge-service.ts';
import {
  approveConsent,
  customerWithHistory,
  makeTpp,
  PRESENT,
  REDIRECT,
  tppCall,
  type Holder,
  type TestTpp,
} from './__tests__/testing.ts';

let t: TestContext;
beforeAll(async () => {
  // The sandbox's authority is one row sealed under this context's master key: a database of its own.
  t = await makeTestContext({ rateLimits: false, trustProxy: ['127.0.0.1'] }, { ownDatabase: true });
});
afterAll(() => t.close());

const DAY = 86_400_000;
const code = (body: string) => (JSON.parse(body) as { tppMessages: { code: string }[] }).tppMessages[0]?.code;

async function askConsent(tpp: TestTpp, body: Record<string, unknown> = {}) {
  const r = await tppCall(t.app, tpp, 'POST', '/consents', {
    headers: REDIRECT,
    body: {
      access: { allPsd2: 'allAccounts' },
      recurringIndicator: true,
      validUntil: '9999-12-31',
      frequencyPerDay: 4,
      ...body,
    },
  });
  expect(r.statusCode, r.body).toBe(201);
  const created = r.json<{
    consentId: string;
    validUntil: string;
    frequencyPerDay: number;
    _links: { scaRedirect: { href: string } };
  }>();
  const authorisationId = created._links.scaRedirect.href.split('/').at(-1) ?? '';
  return { ...created, authorisationId };
}

const approve = (holder: Holder, authorisationId: string, accountIds: string[], terms: Terms) =>
  approveConsent(t, holder, authorisationId, accountIds, terms);
type Terms = { validUntil: string; frequencyPerDay: number };

async function grantedConsent(tpp: TestTpp, holder: Holder, body: Record<string, unknown> = {}) {
  const consent = await askConsent(tpp, body);
  const r = await approve(holder, consent.authorisationId, [holder.account.id], consent);
  expect(r.statusCode, r.body).toBe(200);
  return consent;
}

describe('who may call: the TPP’s certificate', () => {
  it('answers CERTIFICATE_MISSING without one, and when the header comes from a peer that is not the configured proxy', async () => {
    const tpp = await makeTpp(t.ctx);
    const none = await tppCall(t.app, null, 'GET', '/accounts');
    expect([none.statusCode, code(none.body)]).toEqual([401, 'CERTIFICATE_MISSING']);
    const spoofed = await tppCall(t.app, tpp, 'GET', '/accounts', { remoteAddress: '203.0.113.7' });
    expect([spoofed.statusCode, code(spoofed.body)]).toEqual([401, 'CERTIFICATE_MISSING']);
  });

  it('refuses a certificate from an unknown authority, an expired one and one without the role', async () => {
    const now = t.clock.now();
    const stranger = await createCertificateAuthority('Comptoir sandbox PSD2 test CA', now);
    const foreign = await issueTppCertificate(
      stranger,
      { organisationId: 'PSDFR-ACPR-66666', name: 'X', roles: ['PSP_AI'] },
      now,
    );
    const r1 = await tppCall(t.app, foreign, 'GET', '/accounts');
    expect([r1.statusCode, code(r1.body)]).toEqual([401, 'CERTIFICATE_INVALID']);

    const { issueSandboxTppCertificate } = await import('./sandbox-authority.ts');
    const expired = await issueSandboxTppCertificate(t.ctx, {
      organisationId: 'PSDFR-ACPR-77777',
      name: 'Ancien',
      roles: ['PSP_AI'],
      notBefore: new Date(now.getTime() - 400 * DAY),
      notAfter: new Date(now.getTime() - DAY),
    });
    const r2 = await tppCall(t.app, expired, 'GET', '/accounts');
    expect([r2.statusCode, code(r2.body)]).toEqual([401, 'CERTIFICATE_EXPIRED']);

    for (const roles of [['PSP_PI'], ['PSP_IC'], ['PSP_PI', 'PSP_IC']] as const) {
      const r = await tppCall(t.app, await makeTpp(t.ctx, [...roles]), 'POST', '/consents', {
        headers: REDIRECT,
        body: {
          access: { allPsd2: 'allAccounts' },
          recurringIndicator: true,
          validUntil: '2027-01-01',
          frequencyPerDay: 4,
        },
      });
      expect([r.statusCode, code(r.body)], roles.join()).toEqual([401, 'ROLE_INVALID']);
    }
    for (const roles of [['PSP_AI'], ['PSP_AI', 'PSP_PI'], ['PSP_AI', 'PSP_PI', 'PSP_IC']] as const) {
      const r = await tppCall(
        t.app,
        await makeTpp(t.ctx, [...roles]),
        'GET',
        '/consents/00000000-0000-4000-8000-000000000000/status',
      );
      expect([r.statusCode, code(r.body)], roles.join()).toEqual([403, 'CONSENT_UNKNOWN']);
    }
  });

  it('needs an X-Request-ID, answers malformed bodies and unknown paths in the standard’s shape', async () => {
    const tpp = await makeTpp(t.ctx);
    const noId = await tppCall(t.app, tpp, 'GET', '/accounts', { headers: { 'x-request-id': '' } });
    expect([noId.statusCode, code(noId.body)]).toEqual([400, 'FORMAT_ERROR']);
    const bad = await tppCall(t.app, tpp, 'POST', '/consents', { headers: REDIRECT, body: { access: {} } });
    expect([bad.statusCode, code(bad.body)]).toEqual([400, 'FORMAT_ERROR']);
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/psd2/v1/consents',
      headers: {
        'content-type': 'application/json',
        'x-request-id': crypto.randomUUID(),
        'x-ssl-client-cert': encodeURIComponent(tpp.certificate),
      },
      payload: '{"access":',
    });
    expect([notJson.statusCode, code(notJson.body)]).toEqual([400, 'FORMAT_ERROR']);
    const noRedirect = await tppCall(t.app, tpp, 'POST', '/consents', {
      headers: { 'tpp-redirect-uri': 'http://tpp.example/cb' },
      body: {
        access: { allPsd2: 'allAccounts' },
        recurringIndicator: true,
        validUntil: '2027-01-01',
        frequencyPerDay: 4,
      },
    });
    expect([noRedirect.statusCode, code(noRedirect.body)]).toEqual([400, 'FORMAT_ERROR']);
    const unknown = await tppCall(t.app, tpp, 'GET', '/nowhere');
    expect([unknown.statusCode, code(unknown.body)]).toEqual([404, 'RESOURCE_UNKNOWN']);
  });
});

describe('an account-information consent, from the request to the data', () => {
  it('clips the terms, is granted by the customer with strong authentication, and shows only what it covers', async () => {
    const holder = await customerWithHistory(t, 3);
    const tpp = await makeTpp(t.ctx);
    const consent = await askConsent(tpp, { frequencyPerDay: 10 });
    expect(consent.validUntil).toBe(addDays(parisDate(t.clock.now()), 365));
    expect(consent.frequencyPerDay).toBe(4);
    expect((await tppCall(t.app, tpp, 'GET', `/consents/${consent.consentId}/status`)).json()).toEqual({
      consentStatus: 'received',
    });

    const before = await tppCall(t.app, tpp, 'GET', '/accounts', {
      headers: { 'consent-id': consent.consentId },
    });
    expect([before.statusCode, code(before.body)]).toEqual([401, 'CONSENT_INVALID']);

    const page = await customerCall(
      t.app,
      'GET',
      `/api/psd2/authorisations/${consent.authorisationId}`,
      holder.cookie,
    );
    expect(page.json()).toMatchObject({
      tpp: { name: 'Budget Malin' },
      status: 'received',
      consent: {
        kind: 'allPsd2',
        scopes: ['accounts', 'balances', 'transactions'],
        recurring: true,
        frequencyPerDay: 4,
      },
      accounts: [{ id: holder.account.id, iban: holder.account.iban, requested: false }],
    });

    // A token for other terms (another account list) does not approve.
    const wrong = await grantScaToken(t.ctx, holder.customer.id, 'psd2_consent', {
      authorisationId: consent.authorisationId,
      accountIds: [holder.account.id],
      validUntil: consent.validUntil,
      frequencyPerDay: 1,
    });
    const refused = await customerCall(
      t.app,
      'POST',
      `/api/psd2/authorisations/${consent.authorisationId}/approve`,
      holder.cookie,
      { accountIds: [holder.account.id] },
      { [SCA_TOKEN_HEADER]: wrong },
    );
    expect(refused.statusCode).toBe(401);

    const approved = await approve(holder, consent.authorisationId, [holder.account.id], consent);
    expect(approved.json()).toEqual({
      status: 'finalised',
      redirectUri: 'https://tpp.example/retour?state=abc',
      paymentStatus: null,
    });
    const again = await approve(holder, consent.authorisationId, [holder.account.id], consent);
    expect(again.statusCode).toBe(409);

    const info = (await tppCall(t.app, tpp, 'GET', `/consents/${consent.consentId}`)).json<
      Record<string, unknown>
    >();
    expect(info).toMatchObject({
      consentStatus: 'valid',
      validUntil: consent.validUntil,
      frequencyPerDay: 4,
      recurringIndicator: true,
      access: { accounts: [{ iban: holder.account.iban }], balances: [{ iban: holder.account.iban }] },
    });
    expect(Date.parse(String(info.scaRenewalDue)) - t.clock.now().getTime()).toBe(180 * DAY);

    const headers = { 'consent-id': consent.consentId, ...PRESENT };
    const accounts = (await tppCall(t.app, tpp, 'GET', '/accounts', { headers })).json<{
      accounts: { resourceId: string; iban: string }[];
    }>();
    expect(accounts.accounts).toEqual([
      expect.objectContaining({ resourceId: holder.account.id, iban: holder.account.iban, currency: 'EUR' }),
    ]);
    const balances = (
      await tppCall(t.app, tpp, 'GET', `/accounts/${holder.account.id}/balances`, { headers })
    ).json<{ balances: { balanceType: string; balanceAmount: { amount: string } }[] }>();
    expect(balances.balances.map((b) => [b.balanceType, b.balanceAmount.amount])).toEqual([
      ['closingBooked', '30.03'],
      ['interimAvailable', '30.03'],
    ]);

    const stranger = await customerWithHistory(t);
    const otherAccount = await tppCall(t.app, tpp, 'GET', `/accounts/${stranger.account.id}/balances`, {
      headers,
    });
    expect([otherAccount.statusCode, code(otherAccount.body)]).toEqual([404, 'RESOURCE_UNKNOWN']);
    const otherTpp = await tppCall(t.app, await makeTpp(t.ctx), 'GET', '/accounts', { headers });
    expect([otherTpp.statusCode, code(otherTpp.body)]).toEqual([403, 'CONSENT_UNKNOWN']);
    const strangerPage = await customerCall(
      t.app,
      'GET',
      `/api/psd2/authorisations/${consent.authorisationId}`,
      stranger.cookie,
    );
    expect(strangerPage.statusCode).toBe(404);
  });

  it('keeps a transaction’s id from pending to booked, and pages to the end with _links.next', async () => {
    const holder = await customerWithHistory(t, 120);
    const tpp = await makeTpp(t.ctx);
    const consent = await grantedConsent(tpp, holder);
    const clearing = await glAccount(t.ctx.db, 'gl:sepa-clearing');
    const pending = await t.ctx.db.tx((q) =>
      reserveEntry(q, {
        kind: 'transfer',
        legs: [
          { accountId: holder.account.ledgerId, amount: cents(-2_550n) },
          { accountId: clearing.id, amount: cents(2_550n) },
        ],
        counterpartyName: 'Librairie Dupont',
        counterpartyIban: 'FR7630006000011234567890189',
        reference: 'Facture 42',
        at: t.clock.now(),
      }),
    );
    const headers = { 'consent-id': consent.consentId, ...PRESENT };
    const read = async (path: string) => {
      const r = await tppCall(t.app, tpp, 'GET', path, { headers });
      expect(r.statusCode, r.body).toBe(200);
      return r.json<{
        transactions: {
          booked?: {
            transactionId: string;
            bookingDate?: string;
            transactionAmount: { amount: string };
            creditorName?: string;
          }[];
          pending?: {
            transactionId: string;
            bookingDate?: string;
            transactionAmount: { amount: string };
            creditorName?: string;
          }[];
          _links: { next?: { href: string } };
        };
      }>();
    };
    const first = await read(
      `/accounts/${holder.account.id}/transactions?bookingStatus=both&unknownParameter=1`,
    );
    expect(first.transactions.pending).toEqual([
      expect.objectContaining({
        transactionId: String(pending.entryId),
        transactionAmount: { currency: 'EUR', amount: '-25.50' },
        creditorName: 'Librairie Dupont',
      }),
    ]);
    expect(first.transactions.pending?.[0]?.bookingDate).toBeUndefined();

    const ids: string[] = [];
    let page: typeof first | null = first;
    let pages = 0;
    while (page) {
      pages++;
      ids.push(
        ...(page.transactions.booked ?? []).map((x) => x.transactionId),
        ...(page.transactions.pending ?? []).map((x) => x.transactionId),
      );
      const next: string | undefined = page.transactions._links.next?.href;
      page = next ? await read(next.replace('/psd2/v1', '')) : null;
    }
    expect(pages).toBe(3);
    expect(ids).toHaveLength(121);
    expect(new Set(ids).size).toBe(121);

    await t.ctx.db.tx((q) => settleEntry(q, pending.entryId, t.clock.now()));
    const after = await read(`/accounts/${holder.account.id}/transactions?bookingStatus=booked`);
    const booked = after.transactions.booked?.find((x) => x.transactionId === String(pending.entryId));
    expect(booked).toMatchObject({
      bookingDate: parisDate(t.clock.now()),
      transactionAmount: { amount: '-25.50' },
    });
    expect(after.transactions.pending).toBeUndefined();
    const detail = await tppCall(
      t.app,
      tpp,
      'GET',
      `/accounts/${holder.account.id}/transactions/${pending.entryId}`,
      { headers },
    );
    expect(detail.json()).toMatchObject({
      transactionsDetails: { transactionId: String(pending.entryId), bookingDate: parisDate(t.clock.now()) },
    });
    const period = await tppCall(
      t.app,
      tpp,
      'GET',
      `/accounts/${holder.account.id}/transactions?bookingStatus=booked&dateFrom=2026-02-01&dateTo=2026-01-01`,
      { headers },
    );
    expect([period.statusCode, code(period.body)]).toEqual([400, 'PERIOD_INVALID']);

    // The booking day bounds the list: today holds the entry just booked; tomorrow holds nothing.
    const today = parisDate(t.clock.now());
    const todays = await read(
      `/accounts/${holder.account.id}/transactions?bookingStatus=both&dateFrom=${today}&dateTo=${today}`,
    );
    expect(todays.transactions.booked?.map((x) => x.transactionId)).toContain(String(pending.entryId));
    expect(new Set(todays.transactions.booked?.map((x) => x.bookingDate))).toEqual(new Set([today]));
    const tomorrow = addDays(today, 1);
    const none = await read(
      `/accounts/${holder.account.id}/transactions?bookingStatus=both&dateFrom=${tomorrow}&dateTo=${tomorrow}`,
    );
    expect(none.transactions).toMatchObject({ booked: [], pending: [] });
    expect(none.transactions._links.next).toBeUndefined();
    const badPage = await tppCall(
      t.app,
      tpp,
      'GET',
      `/accounts/${holder.account.id}/transactions?bookingStatus=both&page=bm9wZQ`,
      { headers },
    );
    expect([badPage.statusCode, code(badPage.body)]).toEqual([400, 'FORMAT_ERROR']);
  });
});

describe('a consent naming its accounts covers, on each, only what it asked for it', () => {
  it('balances on one account, transactions on the other: nothing more, on either', async () => {
    const holder = await customerWithHistory(t, 2);
    const second = await t.ctx.db.tx(async (q) =>
      openCustomerAccount(q, {
        customerId: holder.customer.id,
        kind: 'customer_main',
        name: 'Compte joint',
        iban: luxembourgIban(t.ctx.config.institution.bankCode, await nextAccountSerial(q)),
        openedAt: t.clock.now(),
      }),
    );
    const ibanB = second.iban ?? '';
    const tpp = await makeTpp(t.ctx);
    const consent = await askConsent(tpp, {
      access: { balances: [{ iban: holder.account.iban }], transactions: [{ iban: ibanB }] },
    });
    const view = (
      await customerCall(t.app, 'GET', `/api/psd2/authorisations/${consent.authorisationId}`, holder.cookie)
    ).json<{ accounts: { iban: string; requested: boolean; scopes: string[] }[] }>();
    expect(view.accounts.map((a) => [a.iban, a.requested, a.scopes])).toEqual([
      [holder.account.iban, true, ['accounts', 'balances']],
      [ibanB, true, ['accounts', 'transactions']],
    ]);
    const both = [holder.account.id, String(second.id)];
    expect((await approve(holder, consent.authorisationId, both, consent)).statusCode).toBe(200);

    const headers = { 'consent-id': consent.consentId, ...PRESENT };
    const get = (path: string) => tppCall(t.app, tpp, 'GET', path, { headers });
    expect((await get(`/accounts/${holder.account.id}/balances`)).statusCode).toBe(200);
    expect((await get(`/accounts/${second.id}/transactions?bookingStatus=both`)).statusCode).toBe(200);
    for (const path of [
      `/accounts/${holder.account.id}/transactions?bookingStatus=both`,
      `/accounts/${second.id}/balances`,
    ]) {
      const r = await get(path);
      expect([r.statusCode, code(r.body)], path).toEqual([401, 'CONSENT_INVALID']);
    }
    const listed = (await get('/accounts')).json<{
      accounts: { iban: string; _links: Record<string, unknown> }[];
    }>();
    expect(listed.accounts.map((a) => [a.iban, Object.keys(a._links).sort()])).toEqual([
      [holder.account.iban, ['balances']],
      [ibanB, ['transactions']],
    ]);
    const info = (await tppCall(t.app, tpp, 'GET', `/consents/${consent.consentId}`)).json<{
      access: Record<string, { iban: string }[]>;
    }>();
    expect(info.access).toEqual({
      accounts: [
        { iban: holder.account.iban, currency: 'EUR' },
        { iban: ibanB, currency: 'EUR' },
      ],
      balances: [{ iban: holder.account.iban, currency: 'EUR' }],
      transactions: [{ iban: ibanB, currency: 'EUR' }],
    });
    const mine = (await customerCall(t.app, 'GET', '/api/psd2/consents', holder.cookie)).json<
      Psd2Consent[]
    >();
    expect(mine[0]?.accounts.map((a) => a.scopes)).toEqual([
      ['accounts', 'balances'],
      ['accounts', 'transactions'],
    ]);
  });
});

describe('the limits the regulation sets, on the clock', () => {
  it('counts unattended calls per account, service and day: the fifth is 429, the customer’s own are not counted, the next day starts again', async () => {
    const holder = await customerWithHistory(t, 1);
    const tpp = await makeTpp(t.ctx);
    const consent = await grantedConsent(tpp, holder);
    const path = `/accounts/${holder.account.id}/balances`;
    const unattended = { 'consent-id': consent.consentId };
    for (let i = 0; i < 4; i++)
      expect((await tppCall(t.app, tpp, 'GET', path, { headers: unattended })).statusCode).toBe(200);
    const fifth = await tppCall(t.app, tpp, 'GET', path, { headers: unattended });
    expect([fifth.statusCode, code(fifth.body)]).toEqual([429, 'ACCESS_EXCEEDED']);
    expect(
      (await tppCall(t.app, tpp, 'GET', path, { headers: { ...unattended, ...PRESENT } })).statusCode,
    ).toBe(200);
    expect(
      (
        await tppCall(t.app, tpp, 'GET', `/accounts/${holder.account.id}/transactions?bookingStatus=booked`, {
          headers: unattended,
        })
      ).statusCode,
    ).toBe(200);
    t.clock.advance(DAY);
    expect((await tppCall(t.app, tpp, 'GET', path, { headers: unattended })).statusCode).toBe(200);
    // Two days on, the first day's counters are purged; yesterday's and today's stay.
    t.clock.advance(DAY);
    expect(await purgeAccessCounts(t.ctx)).toBeGreaterThanOrEqual(2);
    expect(await purgeAccessCounts(t.ctx)).toBe(0);
  });

  it('asks for strong authentication again after 180 days, not before, and the renewal restores access', async () => {
    const holder = await customerWithHistory(t, 1);
    const tpp = await makeTpp(t.ctx);
    const consent = await grantedConsent(tpp, holder);
    const headers = { 'consent-id': consent.consentId, ...PRESENT };
    t.clock.advance(180 * DAY - 60_000);
    expect((await tppCall(t.app, tpp, 'GET', '/accounts', { headers })).statusCode).toBe(200);
    t.clock.advance(60_000);
    const due = await tppCall(t.app, tpp, 'GET', '/accounts', { headers });
    expect([due.statusCode, code(due.body)]).toEqual([401, 'CONSENT_EXPIRED']);

    const renewal = await tppCall(t.app, tpp, 'POST', `/consents/${consent.consentId}/authorisations`, {
      headers: REDIRECT,
    });
    expect(renewal.statusCode, renewal.body).toBe(201);
    const authorisationId = renewal.json<{ authorisationId: string }>().authorisationId;
    const cookie = await signIn(t.app, holder.customer);
    const r = await approve({ ...holder, cookie }, authorisationId, [holder.account.id], consent);
    expect(r.statusCode, r.body).toBe(200);
    expect((await tppCall(t.app, tpp, 'GET', '/accounts', { headers })).statusCode).toBe(200);
  });

  it('expires the consent after its validUntil', async () => {
    const holder = await customerWithHistory(t, 1);
    const tpp = await makeTpp(t.ctx);
    const validUntil = addDays(parisDate(t.clock.now()), 10);
    const consent = await grantedConsent(tpp, holder, { validUntil });
    expect(consent.validUntil).toBe(validUntil);
    t.clock.advance(11 * DAY);
    const r = await tppCall(t.app, tpp, 'GET', '/accounts', {
      headers: { 'consent-id': consent.consentId, ...PRESENT },
    });
    expect([r.statusCode, code(r.body)]).toEqual([401, 'CONSENT_EXPIRED']);
    expect((await tppCall(t.app, tpp, 'GET', `/consents/${consent.consentId}/status`)).json()).toEqual({
      consentStatus: 'expired',
    });
  });
});

describe('the customer’s and the bank’s control', () => {
  it('a new recurring consent of the same TPP ends the previous one; the customer revokes from « Accès tiers »', async () => {
    const holder = await customerWithHistory(t, 1);
    const tpp = await makeTpp(t.ctx);
    const first = await grantedConsent(tpp, holder);
    const second = await grantedConsent(tpp, holder);
    expect((await tppCall(t.app, tpp, 'GET', `/consents/${first.consentId}/status`)).json()).toEqual({
      consentStatus: 'terminatedByTpp',
    });

    const list = (await customerCall(t.app, 'GET', '/api/psd2/consents', holder.cookie)).json<
      Psd2Consent[]
    >();
    expect(list.map((c) => [c.id, c.status])).toEqual([
      [second.consentId, 'valid'],
      [first.consentId, 'terminatedByTpp'],
    ]);
    expect(list[0]).toMatchObject({
      tpp: { name: 'Budget Malin' },
      accounts: [{ iban: holder.account.iban }],
      scopes: ['accounts', 'balances', 'transactions'],
    });

    const stranger = await customerWithHistory(t);
    expect(
      (await customerCall(t.app, 'POST', `/api/psd2/consents/${second.consentId}/revoke`, stranger.cookie))
        .statusCode,
    ).toBe(404);
    const revoked = await customerCall(
      t.app,
      'POST',
      `/api/psd2/consents/${second.consentId}/revoke`,
      holder.cookie,
    );
    expect(revoked.json()).toMatchObject({ status: 'revokedByPsu' });
    const next = await tppCall(t.app, tpp, 'GET', '/accounts', {
      headers: { 'consent-id': second.consentId, ...PRESENT },
    });
    expect([next.statusCode, code(next.body)]).toEqual([401, 'CONSENT_INVALID']);
  });

  it('a refusal rejects the consent and sends the browser to the « not OK » address', async () => {
    const holder = await customerWithHistory(t, 1);
    const tpp = await makeTpp(t.ctx);
    const consent = await askConsent(tpp);
    const denied = await customerCall(
      t.app,
      'POST',
      `/api/psd2/authorisations/${consent.authorisationId}/deny`,
      holder.cookie,
    );
    expect(denied.json()).toEqual({
      status: 'failed',
      redirectUri: 'https://tpp.example/echec?state=abc',
      paymentStatus: null,
    });
    expect((await tppCall(t.app, tpp, 'GET', `/consents/${consent.consentId}/status`)).json()).toEqual({
      consentStatus: 'rejected',
    });
  });

  it('a consent naming an account is only for its holder; an unfinished authorisation expires', async () => {
    const holder = await customerWithHistory(t, 1);
    const stranger = await customerWithHistory(t);
    const tpp = await makeTpp(t.ctx);
    const consent = await askConsent(tpp, {
      access: { accounts: [{ iban: holder.account.iban }], balances: [{ iban: holder.account.iban }] },
    });
    expect(
      (
        await customerCall(
          t.app,
          'GET',
          `/api/psd2/authorisations/${consent.authorisationId}`,
          stranger.cookie,
        )
      ).statusCode,
    ).toBe(404);
    const view = (
      await customerCall(t.app, 'GET', `/api/psd2/authorisations/${consent.authorisationId}`, holder.cookie)
    ).json<{ consent: { scopes: string[] }; accounts: { requested: boolean }[] }>();
    expect(view.consent.scopes).toEqual(['accounts', 'balances']);
    expect(view.accounts).toEqual([expect.objectContaining({ requested: true })]);
    t.clock.advance(16 * 60_000);
    const cookie = await signIn(t.app, holder.customer);
    const late = await approve({ ...holder, cookie }, consent.authorisationId, [holder.account.id], consent);
    expect(late.statusCode).toBe(409);
    expect(
      (
        await tppCall(
          t.app,
          tpp,
          'GET',
          `/consents/${consent.consentId}/authorisations/${consent.authorisationId}`,
        )
      ).json(),
    ).toEqual({ scaStatus: 'failed' });
  });

  it('the back office lists the TPPs seen and blocks one: its next call is refused', async () => {
    const tpp = await makeTpp(t.ctx, ['PSP_AI'], 'PSDFR-ACPR-12345', 'Agrégateur Bloqué');
    const first = t.clock.now();
    await tppCall(t.app, tpp, 'GET', '/accounts');
    t.clock.advance(30_000);
    await tppCall(t.app, tpp, 'GET', '/accounts'); // within the minute: the row is not written again
    t.clock.advance(60_000);
    const last = t.clock.now();
    await tppCall(t.app, tpp, 'GET', '/accounts');
    const admin = await operatorSignIn(t, await newOperator(t, 'compliance'));
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/backoffice/psd2/tpps',
      cookies: withOperator(admin),
    });
    const seen = list
      .json<{ id: string; organisationId: string; roles: string[] }[]>()
      .find((x) => x.organisationId === 'PSDFR-ACPR-12345');
    expect(seen).toMatchObject({
      roles: ['PSP_AI'],
      name: 'Agrégateur Bloqué',
      firstSeenAt: first.toISOString(),
      lastSeenAt: last.toISOString(),
    });
    const blocked = await t.app.inject({
      method: 'POST',
      url: `/api/backoffice/psd2/tpps/${seen?.id}/block`,
      cookies: withOperator(admin),
      headers: MUTATION,
      payload: { reason: 'Agrément retiré par l’ACPR' },
    });
    expect(blocked.json()).toMatchObject({ blockedReason: 'Agrément retiré par l’ACPR' });
    const r = await tppCall(t.app, tpp, 'GET', '/accounts');
    expect([r.statusCode, code(r.body)]).toEqual([401, 'CERTIFICATE_BLOCKED']);
  });
});

describe('confirmation of funds, for a card issuer the customer allowed', () => {
  const confirm = (tpp: TestTpp, iban: string, amount: string, headers: Record<string, string> = {}) =>
    tppCall(t.app, tpp, 'POST', '/funds-confirmations', {
      headers,
      body: { account: { iban }, instructedAmount: { currency: 'EUR', amount } },
    });
  const allow = async (holder: Holder, organisationId: string, validUntil: string) => {
    const details = { organisationId, accountId: holder.account.id, validUntil };
    const token = await grantScaToken(t.ctx, holder.customer.id, 'psd2_funds_consent', details);
    return customerCall(t.app, 'POST', '/api/psd2/funds-consents', holder.cookie, details, {
      [SCA_TOKEN_HEADER]: token,
    });
  };

  it('answers yes or no under the customer’s consent, and nothing without it', async () => {
    const holder = await customerWithHistory(t, 3); // 30.03 €
    const organisationId = `PSDFR-ACPR-IC${Date.now() % 100_000}`;
    const issuer = await makeTpp(t.ctx, ['PSP_IC'], organisationId, 'Carte Tierce');
    const before = await confirm(issuer, holder.account.iban, '10.00');
    expect([before.statusCode, code(before.body)]).toEqual([403, 'CONSENT_UNKNOWN']);

    const validUntil = addDays(parisDate(t.clock.now()), 30);
    const withoutSca = await customerCall(t.app, 'POST', '/api/psd2/funds-consents', holder.cookie, {
      organisationId,
      accountId: holder.account.id,
      validUntil,
    });
    expect(withoutSca.statusCode, withoutSca.body).toBe(401);
    const tooLate = await allow(holder, organisationId, addDays(parisDate(t.clock.now()), 400));
    expect(tooLate.json()).toMatchObject({ code: 'psd2_funds_date_invalid' });
    const aisOnly = await makeTpp(t.ctx, ['PSP_AI'], 'PSDFR-ACPR-AI4242', 'Lecteur');
    await tppCall(t.app, aisOnly, 'GET', '/accounts');
    const notIssuer = await allow(holder, 'PSDFR-ACPR-AI4242', validUntil);
    expect([notIssuer.statusCode, notIssuer.json<{ code: string }>().code]).toEqual([
      404,
      'psd2_funds_provider_unknown',
    ]);

    const granted = await allow(holder, organisationId, validUntil);
    expect(granted.statusCode, granted.body).toBe(201);
    expect(granted.json()).toMatchObject({
      status: 'valid',
      scopes: ['funds'],
      accounts: [{ iban: holder.account.iban }],
    });
    expect(granted.json<Psd2Consent>().scaRenewalDue).toBeNull();

    expect((await confirm(issuer, holder.account.iban, '30.03')).json()).toEqual({ fundsAvailable: true });
    expect((await confirm(issuer, holder.account.iban, '30.04')).json()).toEqual({ fundsAvailable: false });
    const euros = await tppCall(t.app, issuer, 'POST', '/funds-confirmations', {
      body: { account: { iban: holder.account.iban }, instructedAmount: { currency: 'USD', amount: '1.00' } },
    });
    expect([euros.statusCode, code(euros.body)]).toEqual([400, 'FORMAT_ERROR']);
    const wrongShape = await confirm(issuer, holder.account.iban, '1,50');
    expect([wrongShape.statusCode, code(wrongShape.body)]).toEqual([400, 'FORMAT_ERROR']);

    // Another customer's IBAN, and the reader's certificate: nothing to learn.
    const stranger = await customerWithHistory(t, 1);
    const other = await confirm(issuer, stranger.account.iban, '1.00');
    expect([other.statusCode, code(other.body)]).toEqual([403, 'CONSENT_UNKNOWN']);
    const reader = await confirm(aisOnly, holder.account.iban, '1.00');
    expect([reader.statusCode, code(reader.body)]).toEqual([401, 'ROLE_INVALID']);

    const list = (await customerCall(t.app, 'GET', '/api/psd2/consents', holder.cookie)).json<
      Psd2Consent[]
    >();
    const funds = list.find((c) => c.scopes.includes('funds'));
    expect(funds).toMatchObject({ tpp: { name: 'Carte Tierce' }, status: 'valid' });
    expect(funds?.lastAccessAt).not.toBeNull();
    // Not an account-information consent: the interface's consent endpoints do not know it.
    const asAis = await tppCall(t.app, issuer, 'GET', `/consents/${funds?.id}/status`);
    expect([asAis.statusCode, code(asAis.body)]).toEqual([401, 'ROLE_INVALID']);
    await customerCall(t.app, 'POST', `/api/psd2/consents/${funds?.id}/revoke`, holder.cookie);
    const revoked = await confirm(issuer, holder.account.iban, '1.00');
    expect([revoked.statusCode, code(revoked.body)]).toEqual([401, 'CONSENT_INVALID']);
  });

  it('ends with its date; a new one for the same issuer and account replaces the previous', async () => {
    const holder = await customerWithHistory(t, 1);
    const organisationId = `PSDFR-ACPR-IB${Date.now() % 100_000}`;
    const issuer = await makeTpp(t.ctx, ['PSP_IC', 'PSP_AI'], organisationId, 'Carte Double');
    await confirm(issuer, holder.account.iban, '1.00');
    const ais = await grantedConsent(issuer, holder);
    const first = await allow(holder, organisationId, addDays(parisDate(t.clock.now()), 2));
    const second = await allow(holder, organisationId, addDays(parisDate(t.clock.now()), 2));
    expect(second.statusCode).toBe(201);
    const statuses = (await customerCall(t.app, 'GET', '/api/psd2/consents', holder.cookie))
      .json<Psd2Consent[]>()
      .map((c) => [c.id, c.status]);
    expect(statuses).toContainEqual([first.json<Psd2Consent>().id, 'terminatedByTpp']);
    expect(statuses).toContainEqual([second.json<Psd2Consent>().id, 'valid']);
    // The account-information consent of the same provider is not touched.
    expect(statuses).toContainEqual([ais.consentId, 'valid']);
    const fundsAsAis = await tppCall(t.app, issuer, 'GET', `/consents/${second.json<Psd2Consent>().id}`);
    expect([fundsAsAis.statusCode, code(fundsAsAis.body)]).toEqual([403, 'CONSENT_UNKNOWN']);
    t.clock.advance(3 * DAY);
    const late = await confirm(issuer, holder.account.iban, '1.00');
    expect([late.statusCode, code(late.body)]).toEqual([401, 'CONSENT_EXPIRED']);
  });
});
