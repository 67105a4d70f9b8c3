import { randomUUID } from 'node:crypto';
import { PDFDocument } from '@cantoo/pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BackofficeDocumentRequest,
  CardAuthorizationResponse,
  COMPLIANCE_HOLD_MESSAGE,
  COMPLIANCE_REVIEW_MESSAGE,
  declineMessage,
  DocumentRequest,
  DocumentRequestDecision,
  Problem,
  type OperatorRole,
} from '@comptoir/contracts';
import { listMailbox } from '../../mail/mailbox.ts';
import { cardFixture } from '../../testing/card-fixtures.ts';
import { makeTestContext, MUTATION, type TestContext } from '../../testing/test-context.ts';
import { makeCustomer } from '../../testing/customers.ts';
import {
  activeContentOf,
  elfProgram,
  jpegWithGps,
  minimalPdf,
  multipart,
  pdfWithActiveContent,
} from '../onboarding/__tests__/testing.ts';
import { newOperator, signIn as operatorSignIn, withOperator } from '../operators/__tests__/testing.ts';
import { balances, payee, sendTransfer, signedIn, transferToken } from '../transfers/__tests__/testing.ts';

let t: TestContext;
const tokens = {} as Record<OperatorRole, string>;
beforeAll(async () => {
  t = await makeTestContext({ rateLimits: false });
  for (const role of ['admin', 'compliance', 'support'] as const) {
    tokens[role] = await operatorSignIn(t, await newOperator(t, role));
  }
});
afterAll(() => t.close());

const ERIKA = { name: 'Erika Mustermann', iban: 'DE55370400440532014000' };
const problem = (res: { json(): unknown }) => Problem.parse(res.json());

const asOperator = (role: OperatorRole, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: method === 'GET' ? {} : payload === undefined ? { 'x-requested-with': 'comptoir' } : MUTATION,
    cookies: withOperator(tokens[role]),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

async function request(
  customerId: string,
  body: { kind?: string; reason?: string; blocking?: boolean } = {},
  role: OperatorRole = 'compliance',
) {
  const res = await asOperator(role, 'POST', `/api/backoffice/customers/${customerId}/document-requests`, {
    kind: 'funds_origin',
    reason: 'Merci de justifier l’origine du virement de 12 000 €.',
    blocking: true,
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return BackofficeDocumentRequest.parse(res.json());
}

async function upload(
  cookie: string,
  requestId: string,
  file: { bytes: Buffer; name: string; type: string },
) {
  const form = await multipart({ file });
  return t.app.inject({
    method: 'POST',
    url: `/api/document-requests/${requestId}/documents`,
    headers: { 'x-requested-with': 'comptoir', 'content-type': form.contentType, cookie },
    payload: form.body,
  });
}

const pdf = () => ({ bytes: minimalPdf(), name: 'releve.pdf', type: 'application/pdf' });

async function auditActions(customerId: string): Promise<string[]> {
  const { rows } = await t.ctx.db.query<{ action: string }>(
    'select action from audit_log where customer_id = $1 order by id',
    [customerId],
  );
  return rows.map((r) => r.action);
}

describe('operators ask for documents', () => {
  it('roles: admin and compliance act, support gets 403 on every route', async () => {
    const c = await makeCustomer(t.ctx);
    const made = await request(c.id, {}, 'admin');
    const fileId = randomUUID();
    const routes: ['GET' | 'POST', string, unknown?][] = [
      ['GET', `/api/backoffice/customers/${c.id}/document-requests`],
      [
        'POST',
        `/api/backoffice/customers/${c.id}/document-requests`,
        { kind: 'additional', reason: 'x', blocking: false },
      ],
      ['GET', `/api/backoffice/document-requests/${made.id}/documents/${fileId}`],
      ['POST', `/api/backoffice/document-requests/${made.id}/accept`],
      ['POST', `/api/backoffice/document-requests/${made.id}/reject`, { reason: 'Illisible' }],
    ];
    for (const [method, url, body] of routes) {
      const res = await asOperator('support', method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(problem(res).code).toBe('role_forbidden');
      const anonymous = await t.app.inject({
        method,
        url,
        headers: method === 'GET' ? {} : body === undefined ? { 'x-requested-with': 'comptoir' } : MUTATION,
        ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
      });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
    }
    const list = await asOperator('compliance', 'GET', `/api/backoffice/customers/${c.id}/document-requests`);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toHaveLength(1);
  });

  it('a request is audited and mailed in its transaction; an applicant or an unknown customer cannot get one', async () => {
    const c = await makeCustomer(t.ctx);
    const made = await request(c.id, {
      kind: 'additional',
      reason: 'Un justificatif de domicile récent.',
      blocking: false,
    });
    expect(made).toMatchObject({
      customerId: c.id,
      kind: 'additional',
      status: 'open',
      blocking: false,
      files: [],
      requestedBy: expect.stringContaining('@') as string,
    });
    expect(await auditActions(c.id)).toContain('document_request.created');
    const mails = await listMailbox(t.ctx, c.email);
    expect(mails.map((m) => m.subject)).toContain('Un document vous est demandé : Document complémentaire');
    expect(mails[0]!.text).toContain('Un justificatif de domicile récent.');

    const applicant = await makeCustomer(t.ctx, { status: 'pending_review' });
    const refused = await asOperator(
      'compliance',
      'POST',
      `/api/backoffice/customers/${applicant.id}/document-requests`,
      {
        kind: 'funds_origin',
        reason: 'x',
        blocking: true,
      },
    );
    expect(refused.statusCode).toBe(409);
    for (const id of [randomUUID(), 'nope']) {
      const res = await asOperator(
        'compliance',
        'POST',
        `/api/backoffice/customers/${id}/document-requests`,
        {
          kind: 'funds_origin',
          reason: 'x',
          blocking: true,
        },
      );
      expect(res.statusCode).toBe(404);
    }
    for (const body of [
      { kind: 'payment', reason: 'x', blocking: true },
      { kind: 'funds_origin', reason: '   ', blocking: true },
      { kind: 'funds_origin', reason: 'x' },
    ]) {
      const res = await asOperator(
        'compliance',
        'POST',
        `/api/backoffice/customers/${c.id}/document-requests`,
        body,
      );
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('the customer sends the document', () => {
  it('lists open requests, uploads under onboarding’s rules (open → submitted), another customer’s request is 404', async () => {
    const a = await signedIn(t.ctx, t.app, 0);
    const other = await signedIn(t.ctx, t.app, 0);
    const made = await request(a.customer.id);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/document-requests',
      headers: { cookie: a.cookie },
    });
    expect(list.statusCode).toBe(200);
    expect(DocumentRequest.array().parse(list.json())).toMatchObject([
      { id: made.id, kind: 'funds_origin', status: 'open', blocking: true },
    ]);
    const none = await t.app.inject({
      method: 'GET',
      url: '/api/document-requests',
      headers: { cookie: other.cookie },
    });
    expect(none.json()).toEqual([]);

    // Another customer's request, an unknown and a malformed id: the same 404.
    for (const id of [made.id, randomUUID(), 'nope']) {
      const res = await upload(other.cookie, id, pdf());
      expect(res.statusCode, id).toBe(404);
      expect(problem(res).detail).toBe('Demande de document introuvable.');
    }
    // Onboarding's rules: by content, not by name; empty refused.
    const elf = await upload(a.cookie, made.id, {
      bytes: elfProgram(),
      name: 'releve.pdf',
      type: 'application/pdf',
    });
    expect(elf.statusCode).toBe(415);
    const empty = await upload(a.cookie, made.id, {
      bytes: Buffer.alloc(0),
      name: 'vide.pdf',
      type: 'application/pdf',
    });
    expect(empty.statusCode).toBe(400);

    const sent = await upload(a.cookie, made.id, {
      bytes: await jpegWithGps(),
      name: 'photo.jpg',
      type: 'image/jpeg',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const view = DocumentRequest.parse(sent.json());
    expect(view).toMatchObject({ status: 'submitted', files: [{ mime: 'image/jpeg' }] });
    expect(await auditActions(a.customer.id)).toContain('document_request.uploaded');

    // The operator opens the file (audited): re-encoded, no GPS left; a file of another request is 404.
    const fileId = view.files[0]!.id;
    const file = await asOperator(
      'compliance',
      'GET',
      `/api/backoffice/document-requests/${made.id}/documents/${fileId}`,
    );
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.rawPayload.includes(Buffer.from('GPS'))).toBe(false);
    expect(await auditActions(a.customer.id)).toContain('document_request.file_viewed');
    const elsewhere = await request(other.customer.id);
    const wrong = await asOperator(
      'compliance',
      'GET',
      `/api/backoffice/document-requests/${elsewhere.id}/documents/${fileId}`,
    );
    expect(wrong.statusCode).toBe(404);
    const stored = await t.ctx.db.query<{ storage_key: string }>(
      'select storage_key from document_request_files where id = $1',
      [fileId],
    );
    expect(stored.rows[0]!.storage_key).not.toContain(fileId);
  });
});

describe('uploaded PDFs', () => {
  it('are stored without active content (scripts, event actions, launching links), pages kept', async () => {
    const a = await signedIn(t.ctx, t.app, 0);
    const made = await request(a.customer.id);
    const pdfBytes = await pdfWithActiveContent();
    expect(await activeContentOf(pdfBytes)).not.toEqual([]);
    const sent = await upload(a.cookie, made.id, {
      bytes: pdfBytes,
      name: 'releve.pdf',
      type: 'application/pdf',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const fileId = DocumentRequest.parse(sent.json()).files[0]!.id;
    const { rows } = await t.ctx.db.query<{ storage_key: string }>(
      'select storage_key from document_request_files where id = $1',
      [fileId],
    );
    const stored = (await t.ctx.files.get(rows[0]!.storage_key, fileId))!;
    expect(await activeContentOf(stored)).toEqual([]);
    expect((await PDFDocument.load(stored)).getPageCount()).toBe(2);

    const encrypted = Buffer.from(
      minimalPdf()
        .toString('latin1')
        .replace('trailer <<', 'trailer <</Encrypt <</Filter /Standard /V 1 /R 2 /O (x) /U (y) /P -4>> '),
      'latin1',
    );
    const refused = await upload(a.cookie, made.id, {
      bytes: encrypted,
      name: 'secret.pdf',
      type: 'application/pdf',
    });
    expect(refused.statusCode).toBe(415);
    expect(problem(refused).detail).toMatch(/illisible/);
  });
});

describe('decisions and holds', () => {
  it('a blocking request holds outgoing transfers until accepted, submitted included; incoming money is never held', async () => {
    const a = await signedIn(t.ctx, t.app, 10_000);
    const b = await payee(t.ctx, a.customer.id, ERIKA);
    const made = await request(a.customer.id);
    const order = { accountId: String(a.account.id), beneficiaryId: b.id, amount: 2_500, type: 'standard' };
    const held = await sendTransfer(t.app, a.cookie, order);
    expect(held.statusCode).toBe(409);
    expect(problem(held)).toMatchObject({ code: 'compliance_hold', detail: COMPLIANCE_HOLD_MESSAGE });

    // Incoming money still arrives.
    const credit = await t.app.inject({
      method: 'POST',
      url: '/api/sandbox/incoming-transfers',
      headers: { ...MUTATION, 'idempotency-key': `in-${randomUUID()}` },
      cookies: withOperator(tokens.compliance),
      payload: {
        iban: a.account.iban,
        amount: 5_000,
        debtorName: 'Jean Dupont',
        debtorIban: 'FR1420041010050500013M02606',
      },
    });
    expect(credit.statusCode, credit.body).toBe(201);
    expect((await balances(t.ctx, a.account)).posted).toBe(15_000n);

    // Accepting needs a document first.
    const early = await asOperator(
      'compliance',
      'POST',
      `/api/backoffice/document-requests/${made.id}/accept`,
    );
    expect(early.statusCode).toBe(409);
    expect((await upload(a.cookie, made.id, pdf())).statusCode).toBe(201);
    // Sent, not yet accepted: still held, and the refusal says the document is under review.
    const stillHeld = await sendTransfer(t.app, a.cookie, order);
    expect(stillHeld.statusCode).toBe(409);
    expect(problem(stillHeld)).toMatchObject({
      code: 'compliance_review',
      detail: COMPLIANCE_REVIEW_MESSAGE,
    });

    const accepted = await asOperator(
      'compliance',
      'POST',
      `/api/backoffice/document-requests/${made.id}/accept`,
    );
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(DocumentRequestDecision.parse(accepted.json())).toMatchObject({
      request: { status: 'accepted', decidedBy: expect.stringContaining('@') as string },
      replacement: null,
    });
    expect(await auditActions(a.customer.id)).toContain('document_request.accepted');
    const again = await asOperator('admin', 'POST', `/api/backoffice/document-requests/${made.id}/accept`);
    expect(again.statusCode).toBe(409);
    const late = await upload(a.cookie, made.id, pdf());
    expect(late.statusCode).toBe(409);

    const sca = await transferToken(t.ctx, a.customer.id, 2_500, ERIKA);
    const goes = await sendTransfer(t.app, a.cookie, order, { sca });
    expect(goes.statusCode, goes.body).toBe(201);
  });

  it('a document still to send wins over one under review: the refusal asks for it', async () => {
    const a = await signedIn(t.ctx, t.app, 10_000);
    const b = await payee(t.ctx, a.customer.id, ERIKA);
    const order = { accountId: String(a.account.id), beneficiaryId: b.id, amount: 2_500, type: 'instant' };
    const sent = await request(a.customer.id);
    expect((await upload(a.cookie, sent.id, pdf())).statusCode).toBe(201);
    expect(problem(await sendTransfer(t.app, a.cookie, order)).code).toBe('compliance_review');
    await request(a.customer.id);
    expect(problem(await sendTransfer(t.app, a.cookie, order))).toMatchObject({
      code: 'compliance_hold',
      detail: COMPLIANCE_HOLD_MESSAGE,
    });
  });

  it('a rejection closes the request and opens a new one with the reason (same kind, still blocking), mailed', async () => {
    const a = await signedIn(t.ctx, t.app, 10_000);
    const b = await payee(t.ctx, a.customer.id, ERIKA);
    const made = await request(a.customer.id, { kind: 'funds_origin' });
    expect((await upload(a.cookie, made.id, pdf())).statusCode).toBe(201);
    const bad = await asOperator(
      'compliance',
      'POST',
      `/api/backoffice/document-requests/${made.id}/reject`,
      {
        reason: '',
      },
    );
    expect(bad.statusCode).toBe(400);
    const res = await asOperator(
      'compliance',
      'POST',
      `/api/backoffice/document-requests/${made.id}/reject`,
      {
        reason: 'Le relevé est illisible, merci de le renvoyer.',
      },
    );
    expect(res.statusCode, res.body).toBe(200);
    const decision = DocumentRequestDecision.parse(res.json());
    expect(decision.request).toMatchObject({
      status: 'rejected',
      rejectionReason: 'Le relevé est illisible, merci de le renvoyer.',
    });
    expect(decision.replacement).toMatchObject({
      status: 'open',
      kind: 'funds_origin',
      blocking: true,
      reason: 'Le relevé est illisible, merci de le renvoyer.',
      replacesId: made.id,
    });
    expect(await auditActions(a.customer.id)).toContain('document_request.rejected');
    const mails = await listMailbox(t.ctx, a.customer.email);
    expect(mails.filter((m) => m.subject.startsWith('Un document vous est demandé'))).toHaveLength(2);
    expect(mails.some((m) => m.text.includes('Le relevé est illisible'))).toBe(true);

    const held = await sendTransfer(t.app, a.cookie, {
      accountId: String(a.account.id),
      beneficiaryId: b.id,
      amount: 100,
      type: 'standard',
    });
    expect(problem(held).code).toBe('compliance_hold');
    // The customer's list shows the new one open and the rejected one (recent).
    const list = DocumentRequest.array().parse(
      (
        await t.app.inject({ method: 'GET', url: '/api/document-requests', headers: { cookie: a.cookie } })
      ).json(),
    );
    expect(list.map((r) => r.status).sort()).toEqual(['open', 'rejected']);
  });

  it('card payments: declined compliance_hold with the product’s message while held, approved once accepted', async () => {
    const card = await cardFixture(t.ctx, { funding: 50_000 });
    const made = await request(card.customerId);
    const pay = async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/sandbox/card-authorizations',
        headers: { ...MUTATION, 'idempotency-key': `card-${randomUUID()}` },
        cookies: withOperator(tokens.compliance),
        payload: {
          pan: card.pan,
          expiry: card.expiry,
          cvv: card.cvv,
          amount: 1_200,
          merchant: 'Librairie',
          channel: 'online',
        },
      });
      expect(res.statusCode, res.body).toBeLessThan(300);
      return CardAuthorizationResponse.parse(res.json());
    };
    expect(await pay()).toMatchObject({ approved: false, reason: 'compliance_hold' });
    expect(declineMessage('compliance_hold')).toBe(COMPLIANCE_HOLD_MESSAGE);
    await t.ctx.db.query(`update document_requests set status = 'submitted' where id = $1`, [made.id]);
    expect(await pay()).toMatchObject({ approved: false, reason: 'compliance_hold' });
    const accepted = await asOperator(
      'compliance',
      'POST',
      `/api/backoffice/document-requests/${made.id}/accept`,
    );
    expect(accepted.statusCode).toBe(200);
    expect(await pay()).toMatchObject({ approved: true });
  });
});
