// Every answer of the PSD2 interface, checked against the Berlin Group's own OpenAPI file
// (NextGenPSD2 1.3.11, berlin-group/README.md): a whole consent journey, the errors a TPP meets,
// and the interface's OpenAPI document, whose paths must be the file's.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, cents, parisDate } from '@comptoir/core';
import { makeTestContext, type TestContext } from '../../testing/test-context.ts';
import { psd2PaymentScaDetails, SCA_TOKEN_HEADER, type Psd2Authorisation } from '@comptoir/contracts';
import { glAccount, postEntry, reserveEntry } from '../../ledger/index.ts';
import { move } from '../../testing/ledger-fixtures.ts';
import { customerCall } from '../../testing/customer-call.ts';
import { grantScaToken } from '../sca/__tests__/testing.ts';
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
import {
  berlinGroupDocument,
  berlinGroupTemplate,
  conformanceErrors,
  expectConforms,
} from './berlin-group/conformance.ts';

let t: TestContext;
beforeAll(async () => {
  // A database of its own: the sandbox's certificate authority is one row, sealed under the master
  // key of the context that made it, which another file's context could not open.
  t = await makeTestContext({ rateLimits: false, trustProxy: ['127.0.0.1'] }, { ownDatabase: true });
});
afterAll(() => t.close());

const DAY = 86_400_000;
const CONSENT_TERMS = {
  access: { allPsd2: 'allAccounts' },
  recurringIndicator: true,
  validUntil: '9999-12-31',
  frequencyPerDay: 4,
};

/** One answer of the interface, as the conformance check reads it. */
interface Answer {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  status: number;
  headers: Record<string, unknown>;
  body: unknown;
}

type Call = Parameters<typeof tppCall>;
async function call(
  tpp: Call[1],
  method: Answer['method'],
  path: string,
  options: Call[4] = {},
): Promise<Answer> {
  const r = await tppCall(t.app, tpp, method, path, options);
  const type = String(r.headers['content-type'] ?? '');
  // A body is JSON or nothing: the file describes these operations' answers as application/json.
  if (r.body !== '') expect(type, `${method} ${path}`).toMatch(/^application\/json\b/);
  return {
    method,
    path,
    status: r.statusCode,
    headers: r.headers,
    body: r.body === '' ? undefined : JSON.parse(r.body),
  };
}

const conforms = (a: Answer) => expectConforms(`/psd2/v1${a.path}`, a.method, a.status, a.body, a.headers);
const code = (a: Answer) => (a.body as { tppMessages?: { code: string }[] }).tppMessages?.[0]?.code;

interface Created {
  consentId: string;
  validUntil: string;
  frequencyPerDay: number;
  _links: { scaRedirect: { href: string } };
}
const authorisationOf = (created: Created) => created._links.scaRedirect.href.split('/').at(-1) ?? '';

async function askConsent(tpp: TestTpp, terms: Record<string, unknown> = {}) {
  const answer = await call(tpp, 'POST', '/consents', {
    headers: REDIRECT,
    body: { ...CONSENT_TERMS, ...terms },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return { answer, created: answer.body as Created };
}

async function approve(holder: Holder, authorisationId: string, consent: Created) {
  const r = await approveConsent(t, holder, authorisationId, [holder.account.id], consent);
  expect(r.statusCode, r.body).toBe(200);
}

/** Each answer under the name its test gives it, with the status it must have. */
const journey = new Map<string, { answer: Answer; status: number }>();

describe('a whole journey: every answer conforms to the Berlin Group file', () => {
  beforeAll(async () => {
    const keep = (name: string, status: number, answer: Answer) => journey.set(name, { answer, status });
    const holder = await customerWithHistory(t, 60);
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
    const tpp = await makeTpp(t.ctx);
    const { answer, created } = await askConsent(tpp);
    const id = created.consentId;
    const firstAuthorisation = authorisationOf(created);
    keep('POST /consents', 201, answer);
    keep('GET /consents/{consentId}, received', 200, await call(tpp, 'GET', `/consents/${id}`));
    keep('GET /consents/{consentId}/status, received', 200, await call(tpp, 'GET', `/consents/${id}/status`));
    keep(
      'GET /consents/{consentId}/authorisations/{authorisationId}, received',
      200,
      await call(tpp, 'GET', `/consents/${id}/authorisations/${firstAuthorisation}`),
    );

    await approve(holder, firstAuthorisation, created);
    keep('GET /consents/{consentId}, valid', 200, await call(tpp, 'GET', `/consents/${id}`));
    keep('GET /consents/{consentId}/status, valid', 200, await call(tpp, 'GET', `/consents/${id}/status`));
    keep(
      'POST /consents/{consentId}/authorisations',
      201,
      await call(tpp, 'POST', `/consents/${id}/authorisations`, { headers: REDIRECT }),
    );
    keep(
      'GET /consents/{consentId}/authorisations',
      200,
      await call(tpp, 'GET', `/consents/${id}/authorisations`),
    );
    keep(
      'GET /consents/{consentId}/authorisations/{authorisationId}, finalised',
      200,
      await call(tpp, 'GET', `/consents/${id}/authorisations/${firstAuthorisation}`),
    );

    const headers = { 'consent-id': id, ...PRESENT };
    const account = holder.account.id;
    keep('GET /accounts', 200, await call(tpp, 'GET', '/accounts', { headers }));
    keep(
      'GET /accounts?withBalance=true',
      200,
      await call(tpp, 'GET', '/accounts?withBalance=true', { headers }),
    );
    keep('GET /accounts/{account-id}', 200, await call(tpp, 'GET', `/accounts/${account}`, { headers }));
    keep(
      'GET /accounts/{account-id}/balances',
      200,
      await call(tpp, 'GET', `/accounts/${account}/balances`, { headers }),
    );
    for (const status of ['booked', 'pending', 'both']) {
      keep(
        `GET /accounts/{account-id}/transactions?bookingStatus=${status}`,
        200,
        await call(tpp, 'GET', `/accounts/${account}/transactions?bookingStatus=${status}`, { headers }),
      );
    }
    const both = journey.get('GET /accounts/{account-id}/transactions?bookingStatus=both')?.answer.body as {
      transactions?: { booked?: { transactionId: string }[]; _links?: { next?: { href: string } } };
    };
    const next = both.transactions?._links?.next?.href ?? '';
    expect(next, 'a second page').toMatch(/^\/psd2\/v1\//);
    keep(
      'GET /accounts/{account-id}/transactions, next page',
      200,
      await call(tpp, 'GET', next.replace('/psd2/v1', ''), { headers }),
    );
    const booked = both.transactions?.booked?.[0]?.transactionId ?? '';
    keep(
      'GET /accounts/{account-id}/transactions/{transactionId}, booked',
      200,
      await call(tpp, 'GET', `/accounts/${account}/transactions/${booked}`, { headers }),
    );
    keep(
      'GET /accounts/{account-id}/transactions/{transactionId}, pending',
      200,
      await call(tpp, 'GET', `/accounts/${account}/transactions/${pending.entryId}`, { headers }),
    );

    keep('DELETE /consents/{consentId}', 204, await call(tpp, 'DELETE', `/consents/${id}`));
    keep(
      'GET /consents/{consentId}/status, terminated',
      200,
      await call(tpp, 'GET', `/consents/${id}/status`),
    );
  });

  it('answered every call of the journey', () => {
    expect(journey.size).toBe(21);
  });

  it.each([
    'POST /consents',
    'GET /consents/{consentId}, received',
    'GET /consents/{consentId}/status, received',
    'GET /consents/{consentId}/authorisations/{authorisationId}, received',
    'GET /consents/{consentId}, valid',
    'GET /consents/{consentId}/status, valid',
    'POST /consents/{consentId}/authorisations',
    'GET /consents/{consentId}/authorisations',
    'GET /consents/{consentId}/authorisations/{authorisationId}, finalised',
    'GET /accounts',
    'GET /accounts?withBalance=true',
    'GET /accounts/{account-id}',
    'GET /accounts/{account-id}/balances',
    'GET /accounts/{account-id}/transactions?bookingStatus=booked',
    'GET /accounts/{account-id}/transactions?bookingStatus=pending',
    'GET /accounts/{account-id}/transactions?bookingStatus=both',
    'GET /accounts/{account-id}/transactions, next page',
    'GET /accounts/{account-id}/transactions/{transactionId}, booked',
    'GET /accounts/{account-id}/transactions/{transactionId}, pending',
    'DELETE /consents/{consentId}',
    'GET /consents/{consentId}/status, terminated',
  ])('%s', (name) => {
    const kept = journey.get(name);
    if (!kept) throw new Error(`${name}: not called`);
    expect(kept.answer.status, JSON.stringify(kept.answer.body)).toBe(kept.status);
    conforms(kept.answer);
  });
});

describe('the errors a TPP meets conform to the file’s error schema for their path and status', () => {
  it('400 FORMAT_ERROR: a consent request without access', async () => {
    const a = await call(await makeTpp(t.ctx), 'POST', '/consents', {
      headers: REDIRECT,
      body: { access: {} },
    });
    expect([a.status, code(a)]).toEqual([400, 'FORMAT_ERROR']);
    conforms(a);
  });

  it('401 CERTIFICATE_MISSING: no client certificate', async () => {
    const a = await call(null, 'GET', '/accounts');
    expect([a.status, code(a)]).toEqual([401, 'CERTIFICATE_MISSING']);
    conforms(a);
  });

  it('401 ROLE_INVALID: a certificate without PSP_AI asks for a consent', async () => {
    const a = await call(await makeTpp(t.ctx, ['PSP_PI']), 'POST', '/consents', {
      headers: REDIRECT,
      body: CONSENT_TERMS,
    });
    expect([a.status, code(a)]).toEqual([401, 'ROLE_INVALID']);
    conforms(a);
  });

  it('401 CONSENT_INVALID: the accounts under a consent not yet authorised', async () => {
    const tpp = await makeTpp(t.ctx);
    const { created } = await askConsent(tpp);
    const a = await call(tpp, 'GET', '/accounts', { headers: { 'consent-id': created.consentId } });
    expect([a.status, code(a)]).toEqual([401, 'CONSENT_INVALID']);
    conforms(a);
  });

  it('403 CONSENT_UNKNOWN: the status of a consent the TPP does not have', async () => {
    const a = await call(await makeTpp(t.ctx), 'GET', `/consents/${randomUUID()}/status`);
    expect([a.status, code(a)]).toEqual([403, 'CONSENT_UNKNOWN']);
    conforms(a);
  });

  it('404 RESOURCE_UNKNOWN: an account outside the consent, a transaction that is not there', async () => {
    const holder = await customerWithHistory(t, 1);
    const stranger = await customerWithHistory(t, 0);
    const tpp = await makeTpp(t.ctx);
    const { created } = await askConsent(tpp);
    await approve(holder, authorisationOf(created), created);
    const headers = { 'consent-id': created.consentId, ...PRESENT };
    const account = await call(tpp, 'GET', `/accounts/${stranger.account.id}/balances`, { headers });
    expect([account.status, code(account)]).toEqual([404, 'RESOURCE_UNKNOWN']);
    conforms(account);
    const transaction = await call(tpp, 'GET', `/accounts/${holder.account.id}/transactions/999999999`, {
      headers,
    });
    expect([transaction.status, code(transaction)]).toEqual([404, 'RESOURCE_UNKNOWN']);
    conforms(transaction);
  });

  it('429 ACCESS_EXCEEDED: the fifth unattended read of the day', async () => {
    const holder = await customerWithHistory(t, 1);
    const tpp = await makeTpp(t.ctx);
    const { created } = await askConsent(tpp);
    await approve(holder, authorisationOf(created), created);
    const path = `/accounts/${holder.account.id}/balances`;
    const unattended = { 'consent-id': created.consentId };
    for (let i = 0; i < created.frequencyPerDay; i++) {
      expect((await call(tpp, 'GET', path, { headers: unattended })).status).toBe(200);
    }
    const a = await call(tpp, 'GET', path, { headers: unattended });
    expect([a.status, code(a)]).toEqual([429, 'ACCESS_EXCEEDED']);
    conforms(a);
  });

  it('funds confirmation: 403 CONSENT_UNKNOWN before the customer’s consent, 200 after', async () => {
    const holder = await customerWithHistory(t, 1);
    const organisationId = 'PSDFR-ACPR-IC0001';
    const issuer = await makeTpp(t.ctx, ['PSP_IC'], organisationId, 'Carte Tierce');
    const ask = () =>
      call(issuer, 'POST', '/funds-confirmations', {
        body: {
          account: { iban: holder.account.iban },
          instructedAmount: { currency: 'EUR', amount: '5.00' },
        },
      });
    const before = await ask();
    expect([before.status, code(before)]).toEqual([403, 'CONSENT_UNKNOWN']);
    conforms(before);
    const details = {
      organisationId,
      accountId: holder.account.id,
      validUntil: addDays(parisDate(t.clock.now()), 30),
    };
    const token = await grantScaToken(t.ctx, holder.customer.id, 'psd2_funds_consent', details);
    const granted = await customerCall(t.app, 'POST', '/api/psd2/funds-consents', holder.cookie, details, {
      [SCA_TOKEN_HEADER]: token,
    });
    expect(granted.statusCode, granted.body).toBe(201);
    const after = await ask();
    expect([after.status, after.body]).toEqual([200, { fundsAvailable: true }]);
    conforms(after);
  });

  // Last: it moves the shared clock.
  it('401 CONSENT_EXPIRED: the accounts after the consent’s validUntil', async () => {
    const holder = await customerWithHistory(t, 1);
    const tpp = await makeTpp(t.ctx);
    const { created } = await askConsent(tpp, { validUntil: addDays(parisDate(t.clock.now()), 10) });
    await approve(holder, authorisationOf(created), created);
    t.clock.advance(11 * DAY);
    const a = await call(tpp, 'GET', '/accounts', {
      headers: { 'consent-id': created.consentId, ...PRESENT },
    });
    expect([a.status, code(a)]).toEqual([401, 'CONSENT_EXPIRED']);
    conforms(a);
  });
});

describe('a payment’s journey: every answer conforms to the Berlin Group file', () => {
  const payments = new Map<string, { answer: Answer; status: number }>();
  const keep = (name: string, status: number, answer: Answer) => payments.set(name, { answer, status });

  beforeAll(async () => {
    const tpp = await makeTpp(t.ctx, ['PSP_PI']);
    const holder = await customerWithHistory(t);
    await t.ctx.db.tx(async (q) =>
      postEntry(q, move(await glAccount(q, 'gl:sepa-clearing'), { id: holder.account.ledgerId }, 100_000n)),
    );
    const body = (product: string, extra: Record<string, unknown> = {}) => ({
      debtorAccount: { iban: holder.account.iban },
      instructedAmount: { currency: 'EUR', amount: '12.30' },
      creditorAccount: { iban: 'DE55370400440532014000' },
      creditorName: 'Erika Mustermann',
      remittanceInformationUnstructured: `Facture ${product}`,
      ...extra,
    });
    const initiate = async (product: string, extra: Record<string, unknown> = {}) =>
      call(tpp, 'POST', `/payments/${product}`, {
        headers: { ...REDIRECT, ...PRESENT },
        body: body(product, extra),
      });
    const approvePayment = async (created: { _links: { scaRedirect: { href: string } } }) => {
      const authorisationId = created._links.scaRedirect.href.split('/').at(-1) ?? '';
      const view = await customerCall(
        t.app,
        'GET',
        `/api/psd2/authorisations/${authorisationId}`,
        holder.cookie,
      );
      const payment = view.json<Psd2Authorisation>().payment;
      if (!payment) throw new Error('not a payment');
      const token = await grantScaToken(
        t.ctx,
        holder.customer.id,
        'psd2_payment',
        psd2PaymentScaDetails(authorisationId, holder.account.id, payment),
      );
      const r = await customerCall(
        t.app,
        'POST',
        `/api/psd2/authorisations/${authorisationId}/approve`,
        holder.cookie,
        { accountIds: [holder.account.id] },
        { [SCA_TOKEN_HEADER]: token },
      );
      expect(r.statusCode, r.body).toBe(200);
      return authorisationId;
    };

    const instant = await initiate('instant-sepa-credit-transfers');
    keep('POST /payments/{payment-product}', 201, instant);
    const created = instant.body as { paymentId: string; _links: { scaRedirect: { href: string } } };
    const base = `/payments/instant-sepa-credit-transfers/${created.paymentId}`;
    keep(
      'GET /payments/{payment-product}/{paymentId}/status, RCVD',
      200,
      await call(tpp, 'GET', `${base}/status`),
    );
    const authorisationId = await approvePayment(created);
    keep('GET /payments/{payment-product}/{paymentId}, ACSC', 200, await call(tpp, 'GET', base));
    keep(
      'GET /payments/{payment-product}/{paymentId}/status, ACSC',
      200,
      await call(tpp, 'GET', `${base}/status`),
    );
    keep(
      'GET /payments/{payment-product}/{paymentId}/authorisations',
      200,
      await call(tpp, 'GET', `${base}/authorisations`),
    );
    keep(
      'GET /payments/{payment-product}/{paymentId}/authorisations/{authorisationId}',
      200,
      await call(tpp, 'GET', `${base}/authorisations/${authorisationId}`),
    );
    keep('DELETE /payments/{payment-product}/{paymentId}, settled', 405, await call(tpp, 'DELETE', base));

    const dated = await initiate('sepa-credit-transfers', {
      requestedExecutionDate: addDays(parisDate(t.clock.now()), 10),
    });
    const later = dated.body as { paymentId: string; _links: { scaRedirect: { href: string } } };
    await approvePayment(later);
    const laterPath = `/payments/sepa-credit-transfers/${later.paymentId}`;
    keep(
      'GET /payments/{payment-product}/{paymentId}, ACTC dated ahead',
      200,
      await call(tpp, 'GET', laterPath),
    );
    keep(
      'DELETE /payments/{payment-product}/{paymentId}, dated ahead',
      204,
      await call(tpp, 'DELETE', laterPath),
    );
    keep(
      'GET /payments/{payment-product}/{paymentId}/status, CANC',
      200,
      await call(tpp, 'GET', `${laterPath}/status`),
    );

    keep('POST /payments/{payment-product}, unknown product', 404, await initiate('target-2-payments'));
    keep(
      'POST /payments/{payment-product}, decoupled',
      201,
      await call(tpp, 'POST', '/payments/instant-sepa-credit-transfers', {
        headers: { ...PRESENT, 'tpp-redirect-preferred': 'false', 'psu-id': holder.customer.email },
        body: body('instant'),
      }),
    );
  });

  it.each([
    'POST /payments/{payment-product}',
    'GET /payments/{payment-product}/{paymentId}/status, RCVD',
    'GET /payments/{payment-product}/{paymentId}, ACSC',
    'GET /payments/{payment-product}/{paymentId}/status, ACSC',
    'GET /payments/{payment-product}/{paymentId}/authorisations',
    'GET /payments/{payment-product}/{paymentId}/authorisations/{authorisationId}',
    'DELETE /payments/{payment-product}/{paymentId}, settled',
    'GET /payments/{payment-product}/{paymentId}, ACTC dated ahead',
    'DELETE /payments/{payment-product}/{paymentId}, dated ahead',
    'GET /payments/{payment-product}/{paymentId}/status, CANC',
    'POST /payments/{payment-product}, unknown product',
    'POST /payments/{payment-product}, decoupled',
  ])('%s', (name) => {
    const kept = payments.get(name);
    if (!kept) throw new Error(`${name}: not called`);
    expect(kept.answer.status, JSON.stringify(kept.answer.body)).toBe(kept.status);
    conforms(kept.answer);
  });
});

describe('the check itself', () => {
  it('maps the mount’s paths to the file’s templates, the most specific first', () => {
    expect(berlinGroupTemplate('/psd2/v1/consents/abc')).toBe('/v1/consents/{consentId}');
    expect(berlinGroupTemplate('/psd2/v1/consents/abc/authorisations/def')).toBe(
      '/v1/consents/{consentId}/authorisations/{authorisationId}',
    );
    expect(berlinGroupTemplate('/psd2/v1/accounts/12/transactions?bookingStatus=both')).toBe(
      '/v1/accounts/{account-id}/transactions',
    );
    expect(() => berlinGroupTemplate('/psd2/v1/nowhere')).toThrow(/no path/);
  });

  it('refuses what the file refuses: a missing required field, a wrong type, an undeclared status, a body on a 204', () => {
    const header = { 'x-request-id': randomUUID() };
    expect(
      conformanceErrors('/psd2/v1/accounts', 'GET', 200, { accounts: [{ iban: 'FR76' }] }, header),
    ).toEqual(expect.arrayContaining([expect.stringContaining("must have required property 'currency'")]));
    expect(
      conformanceErrors('/psd2/v1/consents/abc/status', 'GET', 200, { consentStatus: 'granted' }),
    ).toEqual(
      expect.arrayContaining([expect.stringContaining('must be equal to one of the allowed values')]),
    );
    expect(
      conformanceErrors('/psd2/v1/accounts', 'GET', 401, { tppMessages: [{ code: 'CONSENT_INVALID' }] }),
    ).toEqual(expect.arrayContaining([expect.stringContaining("must have required property 'category'")]));
    expect(conformanceErrors('/psd2/v1/accounts', 'GET', 418, {})).toEqual([
      expect.stringContaining('declares no 418'),
    ]);
    expect(conformanceErrors('/psd2/v1/consents/abc', 'DELETE', 204, { done: true })).toEqual(
      expect.arrayContaining([expect.stringContaining('declares no body')]),
    );
    expect(
      conformanceErrors('/psd2/v1/consents/abc/status', 'GET', 200, { consentStatus: 'valid' }, {}),
    ).toEqual(expect.arrayContaining([expect.stringContaining('X-Request-ID is required')]));
    expect(
      conformanceErrors('/psd2/v1/consents/abc/status', 'GET', 200, { consentStatus: 'valid' }, header),
    ).toEqual([]);
  });
});

describe('the interface’s own OpenAPI document', () => {
  it('is an OpenAPI 3 document whose operations are all in the Berlin Group file', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/psd2/v1/openapi.json' });
    expect(r.statusCode).toBe(200);
    const doc = JSON.parse(r.body) as {
      openapi?: unknown;
      info?: { title?: unknown; version?: unknown };
      servers?: { url: string }[];
      paths?: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
    };
    expect(doc.openapi).toMatch(/^3\.\d+\.\d+$/);
    expect(typeof doc.info?.title).toBe('string');
    expect(typeof doc.info?.version).toBe('string');
    expect(doc.servers?.map((s) => s.url)).toEqual(['/psd2/v1']);
    const paths = Object.entries(doc.paths ?? {});
    expect(paths.length).toBeGreaterThan(0);

    // Parameter names may differ ({accountId} here, {account-id} there), and a segment the file
    // leaves open ({payment-service}) is fixed here (payments): each path, made concrete, must fall
    // on one of the file's templates.
    const concrete = (template: string) => template.replace(/\{[^}]+\}/g, 'x');
    const file = berlinGroupDocument().paths as Record<string, Record<string, unknown>>;
    const templateOf = (path: string) => {
      try {
        return berlinGroupTemplate(`/psd2/v1${concrete(path)}`);
      } catch {
        return undefined;
      }
    };
    const missing: string[] = [];
    for (const [path, item] of paths) {
      const template = templateOf(path);
      for (const method of Object.keys(item)) {
        if (!template) missing.push(`${method.toUpperCase()} ${path}: no such path in the file`);
        else if (!file[template]?.[method])
          missing.push(`${method.toUpperCase()} ${path}: no ${method} in the file`);
      }
    }
    expect(missing).toEqual([]);
  });
});
