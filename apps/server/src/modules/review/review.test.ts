import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { isIban } from '@comptoir/core';
import type { BackofficeCustomersPage } from '@comptoir/contracts';
import { makeTestContext, MUTATION, uniqueEmail, type TestContext } from '../../testing/test-context.ts';
import { CUSTOMER_COOKIE } from '../../http/cookies.ts';
import { getMe } from '../auth/__tests__/testing.ts';
import { makeCustomer, signIn as customerSignIn } from '../../testing/customers.ts';
import {
  jar,
  jpegWithGps,
  newApplicant,
  templatesTo,
  uploadDocumentRequest,
  uploadOk,
  type Applicant,
} from '../onboarding/__tests__/testing.ts';
import { newOperator, signIn, withOperator } from '../operators/__tests__/testing.ts';

let t: TestContext;
let admin: string;
let compliance: string;
let support: string;
let complianceId: string;

beforeAll(async () => {
  t = await makeTestContext({ rateLimits: false });
  admin = await signIn(t, await newOperator(t, 'admin'));
  const c = await newOperator(t, 'compliance');
  complianceId = c.id;
  compliance = await signIn(t, c);
  support = await signIn(t, await newOperator(t, 'support'));
});
afterAll(() => t.close());

const bo = (method: 'GET' | 'POST' | 'PATCH', url: string, operator: string | null, payload?: object) =>
  t.app.inject({
    method,
    url: `/api/backoffice${url}`,
    headers: method === 'GET' ? {} : MUTATION,
    ...(operator ? { cookies: withOperator(operator) } : {}),
    ...(method === 'GET' ? {} : { payload: payload ?? {} }),
  });

const auditOf = async (customerId: string) => {
  const { rows } = await t.ctx.db.query<{
    action: string;
    operator_id: string | null;
    details: Record<string, unknown>;
  }>('select action, operator_id, details from audit_log where customer_id = $1 order by id', [customerId]);
  return rows;
};

const statusOf = async (a: Applicant) =>
  (await getMe(t.app, `${CUSTOMER_COOKIE}=${a.session}`)).json().status as string;

describe('back-office routes refuse callers without an operator session', () => {
  it('anonymous, customers and half-signed-in operators get 401; support gets 403 on reviews', async () => {
    const a = await newApplicant(t);
    const docs = (await bo('GET', `/customers/${a.id}/documents`, compliance)).json<{ id: string }[]>();
    const calls: [method: 'GET' | 'POST' | 'PATCH', url: string, body?: object][] = [
      ['GET', '/customers'],
      ['GET', `/customers/${a.id}`],
      ['PATCH', `/customers/${a.id}`, { city: 'Metz' }],
      ['POST', `/customers/${a.id}/approve`],
      ['POST', `/customers/${a.id}/request-corrections`, { reasons: ['x'] }],
      ['POST', `/customers/${a.id}/reject`, { reason: 'x' }],
      ['GET', `/customers/${a.id}/documents`],
      ['GET', `/documents/${docs[0]!.id}`],
    ];
    const customer = await makeCustomer(t.ctx);
    const customerCookie = await customerSignIn(t.app, customer);
    for (const [method, url, body] of calls) {
      expect((await bo(method, url, null, body)).statusCode, `${method} ${url}`).toBe(401);
      const asCustomer = await t.app.inject({
        method,
        url: `/api/backoffice${url}`,
        headers: { ...(method === 'GET' ? {} : MUTATION), cookie: customerCookie },
        ...(method === 'GET' ? {} : { payload: body ?? {} }),
      });
      expect(asCustomer.statusCode, `customer ${method} ${url}`).toBe(401);
      expect((await bo(method, url, 'forged-token', body)).statusCode).toBe(401);
    }
    for (const [method, url, body] of calls.slice(2)) {
      expect((await bo(method, url, support, body)).statusCode, `support ${method} ${url}`).toBe(403);
    }
    expect((await bo('GET', `/customers/${a.id}`, support)).statusCode).toBe(200);
    expect(await statusOf(a)).toBe('pending_review');
  });
});

describe('customers table', () => {
  it('lists applications to review first, searches, filters and paginates', async () => {
    // A name of their own, so the test holds on a database shared with other test files.
    const marker = `Zyrkowski${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const active = await makeCustomer(t.ctx, { firstName: 'Dominique', lastName: marker });
    const a = await newApplicant(t, { lastName: marker });
    const unverified = await newApplicant(t, { verified: false, lastName: marker });
    const page = (
      await bo('GET', `/customers?q=${marker.toLowerCase()}`, support)
    ).json<BackofficeCustomersPage>();
    expect(page.items.map((r) => r.id)).toEqual([a.id, unverified.id, active.id]);
    expect(page.items.map((r) => r.status)).toEqual(['pending_review', 'pending_email', 'active']);
    expect(page.total).toBe(3);
    expect(page.items[0]).toMatchObject({
      email: a.email,
      firstName: 'Camille',
      lastName: marker,
      status: 'pending_review',
    });
    expect(page.items[0]!.number).toMatch(/^\d+$/);

    const byName = (
      await bo('GET', `/customers?q=${encodeURIComponent(`Camille ${marker}`)}`, support)
    ).json<BackofficeCustomersPage>();
    expect(byName.items.map((r) => r.id)).toEqual([a.id, unverified.id]);
    const byEmail = (
      await bo('GET', `/customers?q=${encodeURIComponent(a.email.toUpperCase())}`, support)
    ).json<BackofficeCustomersPage>();
    expect(byEmail.items.map((r) => r.id)).toEqual([a.id]);
    const wildcard = (await bo('GET', '/customers?q=%25%25%25', support)).json<BackofficeCustomersPage>();
    expect(wildcard.total).toBe(0);
    const number = page.items[0]!.number;
    expect(
      (await bo('GET', `/customers?q=${number}`, support)).json<BackofficeCustomersPage>().items[0]!.id,
    ).toBe(a.id);

    const filtered = (
      await bo('GET', `/customers?status=pending_email&q=${marker}`, support)
    ).json<BackofficeCustomersPage>();
    expect(filtered.items.map((r) => r.id)).toEqual([unverified.id]);
    const all = (
      await bo('GET', '/customers?status=pending_review&limit=100', support)
    ).json<BackofficeCustomersPage>();
    expect(all.items.every((r) => r.status === 'pending_review')).toBe(true);

    // Pages of 1 walk through everything exactly once, in the same order.
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await bo(
        'GET',
        `/customers?q=${marker}&limit=1${cursor ? `&cursor=${cursor}` : ''}`,
        support,
      );
      const p: BackofficeCustomersPage = res.json();
      seen.push(...p.items.map((r) => r.id));
      cursor = p.nextCursor;
    } while (cursor);
    expect(seen).toEqual([a.id, unverified.id, active.id]);
    expect((await bo('GET', '/customers?cursor=garbage', support)).statusCode).toBe(400);
    expect((await bo('GET', '/customers?status=bogus', support)).statusCode).toBe(400);
  });
});

describe('manage panel', () => {
  it('shows identity, age, income range, tax residence and the application', async () => {
    const a = await newApplicant(t);
    t.clock.advance(0);
    const res = await bo('GET', `/customers/${a.id}`, support);
    expect(res.statusCode).toBe(200);
    const age =
      new Date(t.clock.now()).getUTCFullYear() -
      1990 -
      (t.clock.now() < new Date(Date.UTC(t.clock.now().getUTCFullYear(), 3, 12)) ? 1 : 0);
    expect(res.json()).toMatchObject({
      id: a.id,
      status: 'pending_review',
      email: a.email,
      phone: '+33612345678',
      profession: 'Infirmière',
      income: '1500_3000',
      incomeLabel: 'De 1 500 € à 3 000 € par mois',
      birthDate: '1990-04-12',
      age,
      residenceCountry: 'FR',
      address: '12 rue des Lilas',
      taxCountry: 'FR',
      taxId: '1234567890123',
      accounts: [],
      application: { documentCountry: 'LU', documentType: 'id_card', decidedAt: null },
      corrections: [],
    });
    expect(res.json().emailVerifiedAt).not.toBeNull();
    expect((await bo('GET', '/customers/not-a-uuid', support)).statusCode).toBe(404);
    expect((await bo('GET', '/customers/00000000-0000-4000-8000-000000000000', support)).statusCode).toBe(
      404,
    );
  });

  it('edits personal data, audited with the field names only', async () => {
    const a = await newApplicant(t);
    const res = await bo('PATCH', `/customers/${a.id}`, compliance, {
      city: 'Esch-sur-Alzette',
      phone: '+352 621 123 456',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ city: 'Esch-sur-Alzette', phone: '+352621123456' });
    const audit = (await auditOf(a.id)).filter((r) => r.action === 'customer.updated');
    expect(audit).toEqual([
      { action: 'customer.updated', operator_id: complianceId, details: { fields: ['city', 'phone'] } },
    ]);
    expect((await bo('PATCH', `/customers/${a.id}`, compliance, {})).statusCode).toBe(400);
    expect(
      (await bo('PATCH', `/customers/${a.id}`, compliance, { birthDate: '2020-01-01' })).statusCode,
    ).toBe(400);
    expect((await bo('PATCH', `/customers/${a.id}`, compliance, { email: 'x@y.z' })).statusCode).toBe(400);
  });

  it('edits the tax number: shown in clear, stored sealed only', async () => {
    const a = await newApplicant(t);
    const res = await bo('PATCH', `/customers/${a.id}`, compliance, { taxId: 'LU-998877' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ taxId: 'LU-998877' });
    const { rows } = await t.ctx.db.query<{ tax_id: string | null; tax_id_sealed: string }>(
      'select tax_id, tax_id_sealed from customers where id = $1',
      [a.id],
    );
    expect(rows[0]?.tax_id).toBeNull();
    expect(rows[0]?.tax_id_sealed).not.toContain('998877');
  });
});

describe('documents', () => {
  it('lists them and serves each one decrypted, as an attachment, with nosniff — every view audited', async () => {
    const a = await newApplicant(t);
    const list = await bo('GET', `/customers/${a.id}/documents`, compliance);
    expect(list.statusCode).toBe(200);
    const docs = list.json<{ id: string; kind: string; mime: string; size: number; current: boolean }[]>();
    expect(docs.map((d) => d.kind).sort()).toEqual(['id_back', 'id_front', 'proof_of_address', 'selfie']);
    expect(docs.every((d) => d.current && d.mime === 'image/png')).toBe(true);

    const doc = docs[0]!;
    const file = await bo('GET', `/documents/${doc.id}`, compliance);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="[a-z_]+-[0-9a-f]{8}\.png"$/);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['cache-control']).toBe('no-store');
    expect(file.rawPayload.length).toBe(doc.size);
    expect((await sharp(file.rawPayload).metadata()).format).toBe('png');
    await bo('GET', `/documents/${doc.id}`, admin);

    const views = (await auditOf(a.id)).filter((r) => r.action === 'document.viewed');
    expect(views).toHaveLength(2);
    expect(views[0]).toMatchObject({
      operator_id: complianceId,
      details: { documentId: doc.id, kind: doc.kind },
    });
    expect((await bo('GET', '/documents/00000000-0000-4000-8000-000000000000', compliance)).statusCode).toBe(
      404,
    );
    expect((await bo('GET', '/documents/../../etc/passwd', compliance)).statusCode).toBe(404);
  });

  it('no customer, applicant or anonymous caller can read any document', async () => {
    const a = await newApplicant(t);
    const doc = (await bo('GET', `/customers/${a.id}/documents`, compliance)).json<{ id: string }[]>()[0]!;
    const cookie = `${CUSTOMER_COOKIE}=${a.session}`;
    const owner = await t.app.inject({
      method: 'GET',
      url: `/api/backoffice/documents/${doc.id}`,
      headers: { cookie },
    });
    expect(owner.statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/backoffice/documents/${doc.id}` })).statusCode,
    ).toBe(401);
    for (const url of [`/api/onboarding/documents/${doc.id}`, `/api/documents/${doc.id}`]) {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(res.statusCode, url).toBe(404);
    }
    // No static route reaches the file store (unknown paths get the web app's HTML shell at most).
    const { rows } = await t.ctx.db.query<{ storage_key: string }>(
      'select storage_key from onboarding_documents where id = $1',
      [doc.id],
    );
    const key = rows[0]!.storage_key;
    for (const url of [
      `/files/${key.slice(0, 2)}/${key}`,
      `/data/files/${key.slice(0, 2)}/${key}`,
      `/${key}`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(res.headers['content-type'] ?? '', url).not.toMatch(/image|octet|pdf/);
      expect(res.rawPayload.indexOf(Buffer.from([0x89, 0x50, 0x4e, 0x47]))).toBe(-1);
    }
    // The applicant's own view lists kinds, never files.
    const state = await t.app.inject({
      method: 'GET',
      url: '/api/onboarding/corrections',
      headers: { cookie },
    });
    expect(state.statusCode).toBe(404);
  });
});

describe('review actions', () => {
  it('approve opens the account: unique valid LU IBAN, BIC, welcome mail, audit, status active', async () => {
    const a = await newApplicant(t);
    const b = await newApplicant(t);
    const res = await bo('POST', `/customers/${a.id}/approve`, compliance);
    expect(res.statusCode).toBe(200);
    const { account } = res.json<{ account: { id: string; iban: string; bic: string } }>();
    expect(res.json().status).toBe('active');
    expect(account.iban).toMatch(new RegExp(`^LU\\d{2}${t.ctx.config.institution.bankCode}`));
    expect(account.iban).toHaveLength(20);
    expect(isIban(account.iban)).toBe(true);
    expect(account.bic).toBe(t.ctx.config.institution.bic);
    const other = (await bo('POST', `/customers/${b.id}/approve`, admin)).json<{
      account: { iban: string };
    }>();
    expect(isIban(other.account.iban)).toBe(true);
    expect(other.account.iban).not.toBe(account.iban);

    expect(await statusOf(a)).toBe('active');
    expect(await templatesTo(t, a.email)).toEqual(['email_verification', 'application_approved']);
    const audit = (await auditOf(a.id)).map((r) => r.action);
    expect(audit).toEqual(['customer.registered', 'customer.email_verified', 'customer.approved']);
    expect((await auditOf(a.id)).at(-1)).toMatchObject({
      operator_id: complianceId,
      details: { iban: account.iban },
    });
    const accounts = await t.app.inject({
      method: 'GET',
      url: '/api/accounts',
      headers: { cookie: `${CUSTOMER_COOKIE}=${a.session}` },
    });
    expect(accounts.json()).toMatchObject([{ iban: account.iban, bookedBalance: 0, availableBalance: 0 }]);
    const detail = (await bo('GET', `/customers/${a.id}`, support)).json();
    expect(detail.accounts).toMatchObject([{ iban: account.iban, bookedBalance: 0, availableBalance: 0 }]);
    expect(detail.application.decidedAt).not.toBeNull();

    // Twice: 409, nothing more opened.
    expect((await bo('POST', `/customers/${a.id}/approve`, compliance)).statusCode).toBe(409);
    const { rows } = await t.ctx.db.query('select 1 from ledger_accounts where customer_id = $1', [a.id]);
    expect(rows).toHaveLength(1);
  });

  it('an unverified applicant cannot be approved', async () => {
    const a = await newApplicant(t, { verified: false });
    expect((await bo('POST', `/customers/${a.id}/approve`, compliance)).statusCode).toBe(409);
  });

  it('corrections ask only for documents of the applicant’s own kind (no ID-card verso from a passport)', async () => {
    const a = await newApplicant(t, { documentType: 'passport' });
    const wrong = await bo('POST', `/customers/${a.id}/request-corrections`, compliance, {
      reasons: ['Illisible.'],
      documentKinds: ['id_back'],
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().detail).toContain('Carte d’identité');
    expect(await statusOf(a)).toBe('pending_review');
    const right = await bo('POST', `/customers/${a.id}/request-corrections`, compliance, {
      reasons: ['Illisible.'],
      documentKinds: ['passport'],
    });
    expect(right.statusCode).toBe(200);
  });

  it('corrections: reasons mailed, the applicant sees them, uploads again, sends back, then approval', async () => {
    const a = await newApplicant(t);
    const cookie = `${CUSTOMER_COOKIE}=${a.session}`;
    // Before any request, no upload is accepted from the customer.
    const early = await uploadDocumentRequest(t, { session: a.session }, 'selfie', {
      bytes: await jpegWithGps(),
      name: 's.jpg',
      type: 'image/jpeg',
    });
    expect(early.statusCode).toBe(403);

    const ask = await bo('POST', `/customers/${a.id}/request-corrections`, compliance, {
      reasons: ['La photo du selfie est floue.', 'Le justificatif a plus de trois mois.'],
      documentKinds: ['selfie', 'proof_of_address'],
    });
    expect(ask.statusCode).toBe(200);
    expect(ask.json()).toEqual({ status: 'corrections_requested' });
    expect(await statusOf(a)).toBe('corrections_requested');
    expect(await templatesTo(t, a.email)).toEqual(['email_verification', 'application_corrections']);
    const { rows: mail } = await t.ctx.db.query<{ text_body: string }>(
      `select text_body from mail_outbox where to_address = $1 and template = 'application_corrections'`,
      [a.email],
    );
    expect(mail[0]!.text_body).toContain('La photo du selfie est floue.');
    expect(mail[0]!.text_body).toContain('Document à renvoyer : Selfie');

    const seen = await t.app.inject({
      method: 'GET',
      url: '/api/onboarding/corrections',
      headers: { cookie },
    });
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({
      reasons: ['La photo du selfie est floue.', 'Le justificatif a plus de trois mois.'],
      documentKinds: ['selfie', 'proof_of_address'],
      uploadedKinds: [],
      readyToSubmit: false,
    });
    const tooEarly = await t.app.inject({
      method: 'POST',
      url: '/api/onboarding/corrections/submit',
      headers: { ...MUTATION, cookie },
      payload: {},
    });
    expect(tooEarly.statusCode).toBe(409);

    // Only the requested kinds are accepted.
    const wrongKind = await uploadDocumentRequest(t, { session: a.session }, 'id_front', {
      bytes: await jpegWithGps(),
      name: 'x.jpg',
      type: 'image/jpeg',
    });
    expect(wrongKind.statusCode).toBe(409);
    t.clock.advance(1000);
    await uploadOk(t, { session: a.session }, 'selfie');
    await uploadOk(t, { session: a.session }, 'proof_of_address');
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/onboarding/corrections', headers: { cookie } })).json(),
    ).toMatchObject({
      uploadedKinds: ['selfie', 'proof_of_address'],
      readyToSubmit: true,
    });
    const back = await t.app.inject({
      method: 'POST',
      url: '/api/onboarding/corrections/submit',
      headers: { ...MUTATION, cookie },
      payload: {},
    });
    expect(back.statusCode).toBe(200);
    expect(back.json()).toEqual({ status: 'pending_review' });

    const docs = (await bo('GET', `/customers/${a.id}/documents`, compliance)).json<
      { kind: string; current: boolean }[]
    >();
    expect(
      docs
        .filter((d) => d.current)
        .map((d) => d.kind)
        .sort(),
    ).toEqual(['id_back', 'id_front', 'proof_of_address', 'selfie']);
    expect(
      docs
        .filter((d) => !d.current)
        .map((d) => d.kind)
        .sort(),
    ).toEqual(['proof_of_address', 'selfie']);
    const detail = (await bo('GET', `/customers/${a.id}`, compliance)).json();
    expect(detail.corrections).toMatchObject([
      { reasons: ['La photo du selfie est floue.', 'Le justificatif a plus de trois mois.'] },
    ]);
    expect(detail.corrections[0].resolvedAt).not.toBeNull();

    expect((await bo('POST', `/customers/${a.id}/approve`, compliance)).statusCode).toBe(200);
    expect((await auditOf(a.id)).map((r) => r.action)).toEqual([
      'customer.registered',
      'customer.email_verified',
      'customer.corrections_requested',
      'document.uploaded',
      'document.uploaded',
      'customer.corrections_submitted',
      'customer.approved',
    ]);
  });

  it('reject: reason mailed, audited, status rejected; approving afterwards is refused', async () => {
    const a = await newApplicant(t);
    expect((await bo('POST', `/customers/${a.id}/reject`, compliance, { reason: '' })).statusCode).toBe(400);
    const res = await bo('POST', `/customers/${a.id}/reject`, compliance, {
      reason: 'Document d’identité expiré.',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'rejected' });
    expect(await templatesTo(t, a.email)).toEqual(['email_verification', 'application_rejected']);
    const audit = await auditOf(a.id);
    expect(audit.at(-1)).toMatchObject({
      action: 'customer.rejected',
      operator_id: complianceId,
      details: { reason: 'Document d’identité expiré.' },
    });
    expect((await bo('POST', `/customers/${a.id}/approve`, compliance)).statusCode).toBe(409);
    expect((await bo('GET', `/customers/${a.id}`, support)).json().application.rejectionReason).toBe(
      'Document d’identité expiré.',
    );
  });

  it('a failing action leaves nothing behind (account, status, audit and mail in one transaction)', async () => {
    const a = await newApplicant(t);
    const before = (await auditOf(a.id)).length;
    // The mail is the last write of the approval: make it fail.
    const outbox = t.ctx.outbox;
    t.ctx.outbox = {
      enqueue: () => Promise.reject(new Error('outbox unavailable')),
    };
    try {
      const res = await bo('POST', `/customers/${a.id}/approve`, compliance);
      expect(res.statusCode).toBe(500);
      expect(res.json().detail).not.toContain('outbox');
    } finally {
      t.ctx.outbox = outbox;
    }
    expect(await statusOf(a)).toBe('pending_review');
    expect((await auditOf(a.id)).length).toBe(before);
    const { rows } = await t.ctx.db.query('select 1 from ledger_accounts where customer_id = $1', [a.id]);
    expect(rows).toHaveLength(0);
    expect(await templatesTo(t, a.email)).toEqual(['email_verification']);
    expect((await bo('POST', `/customers/${a.id}/approve`, compliance)).statusCode).toBe(200);
  });
});

describe('audit rows', () => {
  it('cannot be updated or deleted', async () => {
    const a = await newApplicant(t);
    await bo('POST', `/customers/${a.id}/reject`, compliance, { reason: 'Test' });
    await expect(
      t.ctx.db.query(`update audit_log set details = '{}'::jsonb where customer_id = $1`, [a.id]),
    ).rejects.toThrow(/append-only/);
    await expect(t.ctx.db.query('delete from audit_log where customer_id = $1', [a.id])).rejects.toThrow(
      /append-only/,
    );
    expect((await auditOf(a.id)).at(-1)?.action).toBe('customer.rejected');
  });
});

describe('jar helper sanity', () => {
  it('builds cookies', () => {
    expect(jar({ app: 'a', session: 's' })).toEqual({ '__Host-comptoir-app': 'a', '__Host-comptoir': 's' });
    expect(uniqueEmail()).toContain('@');
  });
});
