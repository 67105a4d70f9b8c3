import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BackofficeIdentityChangeRequest,
  IdentityChangeRequest,
  Problem,
  type Account,
  type Card,
  type OperatorRole,
} from '@comptoir/contracts';
import { listMailbox } from '../../mail/mailbox.ts';
import { anonymiseCustomer } from '../closure/__tests__/testing.ts';
import { createCardFor } from '../cards/__tests__/testing.ts';
import { makeTestContext, MUTATION, type TestContext } from '../../testing/test-context.ts';
import { makeCustomer, signIn, type TestCustomer } from '../../testing/customers.ts';
import { elfProgram, jpegWithGps, minimalPdf } from '../../storage/__tests__/document-samples.ts';
import { newOperator, signIn as operatorSignIn, withOperator } from '../operators/__tests__/testing.ts';
import { pagesText } from '../statements/__tests__/testing.ts';

let t: TestContext;
const tokens = {} as Record<OperatorRole, string>;
beforeAll(async () => {
  t = await makeTestContext({ rateLimits: false });
  for (const role of ['admin', 'compliance', 'support'] as const) {
    tokens[role] = await operatorSignIn(t, await newOperator(t, role));
  }
});
afterAll(() => t.close());

const problem = (res: { json(): unknown }) => Problem.parse(res.json());

interface Signed {
  customer: TestCustomer;
  cookie: string;
  main: Account;
}

async function signedIn(): Promise<Signed> {
  const customer = await makeCustomer(t.ctx, { firstName: 'Camille', lastName: 'Martin' });
  const cookie = await signIn(t.app, customer);
  const accounts = await t.app.inject({ method: 'GET', url: '/api/accounts', headers: { cookie } });
  const main = accounts.json<Account[]>().find((a) => a.kind === 'main');
  if (!main) throw new Error('no main account');
  return { customer, cookie, main };
}

type FileField = { bytes: Buffer; name: string; type: string };
const pdf = (): FileField => ({ bytes: minimalPdf(), name: 'acte.pdf', type: 'application/pdf' });
const RENAME = { firstName: 'Électricité', lastName: 'de France', reason: 'Changement de nom par décret.' };

async function ask(cookie: string, fields: Record<string, string>, file: FileField | null = pdf()) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const response = new Response(form);
  return t.app.inject({
    method: 'POST',
    url: '/api/identity-change-requests',
    headers: {
      'x-requested-with': 'comptoir',
      'content-type': response.headers.get('content-type') ?? '',
      cookie,
    },
    payload: Buffer.from(await response.arrayBuffer()),
  });
}

async function askOk(cookie: string, fields: Record<string, string> = RENAME) {
  const res = await ask(cookie, fields);
  expect(res.statusCode, res.body).toBe(201);
  return IdentityChangeRequest.parse(res.json());
}

const asOperator = (role: OperatorRole, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: method === 'GET' ? {} : payload === undefined ? { 'x-requested-with': 'comptoir' } : MUTATION,
    cookies: withOperator(tokens[role]),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

const decide = (id: string, decision: 'accept' | 'reject', role: OperatorRole = 'compliance') =>
  asOperator(
    role,
    'POST',
    `/api/backoffice/identity-change-requests/${id}/${decision}`,
    decision === 'reject'
      ? { reason: 'Le justificatif ne correspond pas au nom demandé.' }
      : { note: 'Décret vérifié au Journal officiel.' },
  );

/** What Verification of Payee answers another customer paying `to` under `name`. */
async function vop(payer: Signed, to: Signed, name: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/payee-verification',
    headers: { ...MUTATION, cookie: payer.cookie },
    payload: { iban: to.main.iban, name },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ result: string }>().result;
}

/** The text of the owner's RIB and balance certificate (PDF text, as printed). */
async function certified(owner: Signed): Promise<{ rib: string; certificate: string }> {
  const text = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: { cookie: owner.cookie } });
    expect(res.statusCode, url).toBe(200);
    const { info, pages } = await pagesText(res.rawPayload);
    return `${info.Title ?? ''} ${pages.flat().join(' ')}`.replace(/\s/g, ' ');
  };
  return {
    rib: await text(`/api/accounts/${owner.main.id}/rib.pdf`),
    certificate: await text(`/api/accounts/${owner.main.id}/balance-certificate.pdf`),
  };
}

async function expectVerifiedName(payer: Signed, owner: Signed, name: string, other: string) {
  expect(await vop(payer, owner, name)).toBe('match');
  expect(await vop(payer, owner, other)).not.toBe('match');
  const { rib, certificate } = await certified(owner);
  for (const pdfText of [rib, certificate]) {
    expect(pdfText).toContain(name);
    expect(pdfText).not.toContain(other);
  }
  const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: owner.cookie } });
  expect(`${me.json().firstName} ${me.json().lastName}`).toBe(name);
  const cards = await t.app.inject({ method: 'GET', url: '/api/cards', headers: { cookie: owner.cookie } });
  expect(cards.statusCode).toBe(200);
  const holders = cards.json<Card[]>().map((c) => `${c.holderFirstName} ${c.holderLastName}`);
  expect(holders.length).toBeGreaterThan(0);
  for (const holder of holders) expect(holder).toBe(name);
}

async function audits(customerId: string, action: string) {
  const { rows } = await t.ctx.db.query<{ operator_id: string | null; details: Record<string, unknown> }>(
    'select operator_id, details from audit_log where customer_id = $1 and action = $2 order by id',
    [customerId, action],
  );
  return rows;
}

describe('a verified identity changes only through a reviewed request', () => {
  it('PATCH /api/me with the password cannot rename; VoP, RIB, certificate and card follow only an accepted request', async () => {
    const owner = await signedIn();
    const payer = await signedIn();
    await createCardFor(t.app, owner.cookie);
    const OLD = 'Camille Martin';
    const NEW = 'Électricité de France';

    // The rename with only the password is refused.
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: { ...MUTATION, cookie: owner.cookie },
      payload: {
        email: owner.customer.email,
        firstName: 'Électricité',
        lastName: 'de France',
        currentPassword: owner.customer.password,
      },
    });
    expect(renamed.statusCode).toBe(422);
    expect(problem(renamed)).toMatchObject({ code: 'identity_fields_not_editable' });
    expect(problem(renamed).detail).toMatch(/demande de modification/);
    await expectVerifiedName(payer, owner, OLD, NEW);

    // A request waits for review: nothing changes, and a second one is refused.
    const first = await askOk(owner.cookie);
    expect(first).toMatchObject({
      status: 'pending',
      requested: { firstName: 'Électricité', lastName: 'de France', birthDate: null, taxCountry: null },
      document: { mime: 'application/pdf' },
    });
    const second = await ask(owner.cookie, { lastName: 'Autre', reason: 'Mariage.' });
    expect(second.statusCode).toBe(409);
    expect(problem(second).code).toBe('identity_change_pending');
    await expectVerifiedName(payer, owner, OLD, NEW);

    // Refused: the verified name stays; the customer reads the reason and is mailed.
    const rejected = await decide(first.id, 'reject');
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(BackofficeIdentityChangeRequest.parse(rejected.json())).toMatchObject({
      status: 'rejected',
      rejectionReason: 'Le justificatif ne correspond pas au nom demandé.',
    });
    expect((await decide(first.id, 'accept')).statusCode).toBe(409);
    await expectVerifiedName(payer, owner, OLD, NEW);
    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/identity-change-requests/${first.id}`,
      headers: { cookie: owner.cookie },
    });
    expect(mine.json()).toMatchObject({
      status: 'rejected',
      rejectionReason: 'Le justificatif ne correspond pas au nom demandé.',
    });

    // A new request, accepted: the new name everywhere.
    const again = await askOk(owner.cookie);
    await expectVerifiedName(payer, owner, OLD, NEW);
    const accepted = await decide(again.id, 'accept');
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({
      status: 'accepted',
      current: { firstName: 'Camille', lastName: 'Martin' },
      requested: { firstName: 'Électricité', lastName: 'de France' },
    });
    await expectVerifiedName(payer, owner, NEW, OLD);

    // Audited with the operator, the request and the changed fields (the old and new values stay on
    // the request, above: the audit log outlives the customer's anonymisation).
    const [audit] = await audits(owner.customer.id, 'identity_change.accepted');
    expect(audit?.operator_id).not.toBeNull();
    expect(audit?.details).toEqual({
      requestId: again.id,
      fields: ['firstName', 'lastName'],
      withNote: true,
    });
    const [refusal] = await audits(owner.customer.id, 'identity_change.rejected');
    expect(refusal?.details).toEqual({
      requestId: first.id,
      fields: ['firstName', 'lastName'],
      withNote: true,
    });
    expect((await audits(owner.customer.id, 'identity_change.rejected')).length).toBe(1);
    const subjects = (await listMailbox(t.ctx, owner.customer.email)).map((m) => m.subject);
    expect(subjects).toContain('Votre demande de modification d’identité est refusée');
    expect(subjects).toContain('Votre demande de modification d’identité est acceptée');
  });

  it('each decision is announced live, kept as a notification, its note kept with the request and audited as given', async () => {
    const owner = await signedIn();
    const first = await askOk(owner.cookie);
    expect((await decide(first.id, 'reject')).statusCode).toBe(200);
    const again = await askOk(owner.cookie);
    expect((await decide(again.id, 'accept')).statusCode).toBe(200);
    const [accepted] = await audits(owner.customer.id, 'identity_change.accepted');
    expect(accepted?.details).toMatchObject({ requestId: again.id, withNote: true });
    const [rejected] = await audits(owner.customer.id, 'identity_change.rejected');
    expect(rejected?.details).toMatchObject({ requestId: first.id, withNote: true });
    // The note may name the customer: it stays on the request (deleted by anonymisation), not in the
    // append-only audit log.
    expect(JSON.stringify([accepted, rejected])).not.toMatch(/Décret|justificatif/);
    const list = await asOperator(
      'compliance',
      'GET',
      `/api/backoffice/customers/${owner.customer.id}/identity-change-requests`,
    );
    expect(list.json<BackofficeIdentityChangeRequest[]>()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: again.id, decisionNote: 'Décret vérifié au Journal officiel.' }),
        expect.objectContaining({
          id: first.id,
          decisionNote: null,
          rejectionReason: 'Le justificatif ne correspond pas au nom demandé.',
        }),
      ]),
    );

    // Each decision is announced live (the profile reads itself again) and kept as a notification.
    const { rows: live } = await t.ctx.db.query<{ event: Record<string, unknown> }>(
      `select event from live_events where customer_id = $1 and event->>'type' = 'identity_change' order by seq`,
      [owner.customer.id],
    );
    expect(live.map((r) => r.event)).toEqual([
      { type: 'identity_change', requestId: first.id, status: 'rejected' },
      { type: 'identity_change', requestId: again.id, status: 'accepted' },
    ]);
    const notifications = await t.app.inject({
      method: 'GET',
      url: '/api/notifications',
      headers: { cookie: owner.cookie },
    });
    expect(notifications.json<{ items: unknown[] }>().items).toEqual([
      expect.objectContaining({ kind: 'identity_change_accepted', reason: null }),
      expect.objectContaining({
        kind: 'identity_change_rejected',
        reason: 'Le justificatif ne correspond pas au nom demandé.',
      }),
    ]);
  });

  it('accepting takes an optional note of 1,000 characters at most', async () => {
    const a = await signedIn();
    const made = await askOk(a.cookie);
    const long = await asOperator(
      'compliance',
      'POST',
      `/api/backoffice/identity-change-requests/${made.id}/accept`,
      { note: 'x'.repeat(1001) },
    );
    expect(long.statusCode).toBe(400);
    expect(problem(long).detail).toMatch(/Note trop longue/);
    const bare = await asOperator(
      'compliance',
      'POST',
      `/api/backoffice/identity-change-requests/${made.id}/accept`,
    );
    expect(bare.statusCode, bare.body).toBe(200);
    const [audit] = await audits(a.customer.id, 'identity_change.accepted');
    expect(audit?.details).toMatchObject({ requestId: made.id, withNote: false });
  });

  it('another customer’s request is 404; only what differs is asked; fields are validated in French', async () => {
    const a = await signedIn();
    const b = await signedIn();
    const made = await askOk(a.cookie, {
      birthDate: '1985-04-12',
      taxCountry: 'fr',
      reason: 'Erreur de saisie.',
    });
    expect(made.requested).toEqual({
      firstName: null,
      lastName: null,
      birthDate: '1985-04-12',
      taxCountry: 'FR',
    });
    for (const id of [made.id, randomUUID(), 'nope']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/identity-change-requests/${id}`,
        headers: { cookie: b.cookie },
      });
      expect(res.statusCode, id).toBe(404);
      expect(problem(res).detail).toBe('Demande de modification introuvable.');
    }
    const theirs = await t.app.inject({
      method: 'GET',
      url: '/api/identity-change-requests',
      headers: { cookie: b.cookie },
    });
    expect(theirs.json()).toEqual([]);

    const noReason = await ask(b.cookie, { firstName: 'Léa' });
    expect(noReason.statusCode).toBe(400);
    expect(problem(noReason).detail).toBe('Indiquez le motif de votre demande.');
    const nothing = await ask(b.cookie, { reason: 'Rien.' });
    expect(nothing.statusCode).toBe(400);
    const same = await ask(b.cookie, { firstName: 'Camille', reason: 'Le même.' });
    expect(same.statusCode).toBe(400);
    expect(problem(same).detail).toBe('Indiquez au moins une information d’identité à modifier.');
    const noFile = await ask(b.cookie, { firstName: 'Léa', reason: 'Mariage.' }, null);
    expect(noFile.statusCode).toBe(400);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/identity-change-requests' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('the document goes through onboarding’s checks: by content, images re-encoded, sealed at rest', async () => {
    const a = await signedIn();
    const elf = await ask(a.cookie, RENAME, {
      bytes: elfProgram(),
      name: 'acte.pdf',
      type: 'application/pdf',
    });
    expect(elf.statusCode).toBe(415);
    const empty = await ask(a.cookie, RENAME, {
      bytes: Buffer.alloc(0),
      name: 'vide.pdf',
      type: 'application/pdf',
    });
    expect(empty.statusCode).toBe(400);
    const tooBig = await ask(a.cookie, RENAME, {
      bytes: Buffer.concat([minimalPdf(), Buffer.alloc(10 * 1024 * 1024)]),
      name: 'gros.pdf',
      type: 'application/pdf',
    });
    expect(tooBig.statusCode).toBe(413);
    const photo = await ask(a.cookie, RENAME, {
      bytes: await jpegWithGps(),
      name: 'photo.jpg',
      type: 'image/jpeg',
    });
    expect(photo.statusCode, photo.body).toBe(201);
    const made = IdentityChangeRequest.parse(photo.json());

    const { rows } = await t.ctx.db.query<{ document_storage_key: string }>(
      'select document_storage_key from identity_change_requests where id = $1',
      [made.id],
    );
    const key = rows[0]!.document_storage_key;
    expect(key).not.toContain(made.document.id);
    await expect(t.ctx.files.get(key, randomUUID())).rejects.toThrow();

    const file = await asOperator(
      'compliance',
      'GET',
      `/api/backoffice/identity-change-requests/${made.id}/document`,
    );
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.rawPayload.includes(Buffer.from('GPS'))).toBe(false);
    expect(await audits(a.customer.id, 'identity_change.document_viewed')).toHaveLength(1);
  });

  it('roles: support reads the list; only admin and compliance open the document and decide', async () => {
    const a = await signedIn();
    const made = await askOk(a.cookie);
    const list = await asOperator(
      'support',
      'GET',
      `/api/backoffice/customers/${a.customer.id}/identity-change-requests`,
    );
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([
      expect.objectContaining({
        id: made.id,
        status: 'pending',
        current: { firstName: 'Camille', lastName: 'Martin', birthDate: null, taxCountry: null },
        requested: { firstName: 'Électricité', lastName: 'de France', birthDate: null, taxCountry: null },
      }),
    ]);
    for (const [method, url, body] of [
      ['GET', `/api/backoffice/identity-change-requests/${made.id}/document`, undefined],
      ['POST', `/api/backoffice/identity-change-requests/${made.id}/accept`, undefined],
      ['POST', `/api/backoffice/identity-change-requests/${made.id}/reject`, { reason: 'Non.' }],
    ] as const) {
      expect((await asOperator('support', method, url, body)).statusCode, url).toBe(403);
    }
    expect(
      (
        await asOperator('compliance', 'POST', `/api/backoffice/identity-change-requests/${made.id}/reject`, {
          reason: ' ',
        })
      ).statusCode,
    ).toBe(400);
    expect((await decide(randomUUID(), 'accept')).statusCode).toBe(404);
    expect((await decide(made.id, 'accept', 'admin')).statusCode).toBe(200);
  });
});

describe('retention', () => {
  it('anonymising a closed customer deletes their requests and queues their documents for deletion', async () => {
    const a = await signedIn();
    await askOk(a.cookie);
    const { rows } = await t.ctx.db.query<{ document_storage_key: string }>(
      'select document_storage_key from identity_change_requests where customer_id = $1',
      [a.customer.id],
    );
    await t.ctx.db.tx((q) => anonymiseCustomer(q, a.customer.id, t.clock.now()));
    const left = await t.ctx.db.query('select 1 from identity_change_requests where customer_id = $1', [
      a.customer.id,
    ]);
    expect(left.rows).toEqual([]);
    const queued = await t.ctx.db.query('select 1 from storage_deletions where storage_key = $1', [
      rows[0]!.document_storage_key,
    ]);
    expect(queued.rows).toHaveLength(1);
  });
});

describe('the back office’s own edit of personal data', () => {
  const edit = (id: string, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/backoffice/customers/${id}`,
      headers: MUTATION,
      cookies: withOperator(tokens.compliance),
      payload,
    });

  it('cannot change an open account’s verified identity; the other fields and onboarding corrections still can', async () => {
    const active = await signedIn();
    for (const payload of [
      { lastName: 'de France' },
      { firstName: 'Électricité', phone: '+352691000111' },
      { birthDate: '1980-01-01' },
      { taxCountry: 'DE' },
    ]) {
      const res = await edit(active.customer.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(problem(res).code).toBe('identity_fields_not_editable_by_operator');
    }
    const phone = await edit(active.customer.id, { firstName: 'Camille', phone: '+352691000111' });
    expect(phone.statusCode, phone.body).toBe(200);
    expect(phone.json()).toMatchObject({ firstName: 'Camille', lastName: 'Martin', phone: '+352691000111' });

    const applicant = await makeCustomer(t.ctx, { status: 'pending_review' });
    const corrected = await edit(applicant.id, { lastName: 'Martin-Durand' });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(corrected.json()).toMatchObject({ lastName: 'Martin-Durand' });
  });
});
