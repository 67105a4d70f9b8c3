import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/types.ts';
import { makeTestContext, MUTATION, openOwnTestDb, type TestContext } from '../../testing/test-context.ts';
import { newOperator, signIn, withOperator } from '../operators/__tests__/testing.ts';
import { signIn as customerSignIn } from '../../testing/customers.ts';
import { minimalPdf, newApplicant } from '../onboarding/__tests__/testing.ts';
import { recordNotification } from '../notifications/__tests__/testing.ts';
import { anonymiseClosedCustomers } from './anonymise-service.ts';
import { tablesNamingACustomer } from '../../testing/customer-tables.ts';

/**
 * What anonymisation (and erasure) does with every table that names a customer — directly by a
 * `customer_id` column or a foreign key to `customers`, or through another such table. A table
 * added later that is in none of these lists fails the first test until its fate is decided here
 * and handled in `queries.ts`.
 */
type Fate =
  /** Every row of the customer is deleted. `rows`: the customer's rows ($1 is the customer id). */
  | { deleted: string }
  /** The rows stay with their personal columns emptied: `personal` selects a row still holding some. */
  | { scrubbed: string; personal: string }
  /** Kept on purpose, for this reason; erasure never reaches these (an applicant has none). */
  | { kept: string };

const LEDGER = 'the ledger is never deleted (docs/ledger.md) and must still verify; it holds ids and amounts';
const FATES: Record<string, Fate> = {
  customers: {
    scrubbed: 'id = $1',
    personal: `email not like 'anonyme-%' or pending_email is not null or first_name is not null
      or last_name is not null or gender is not null or birth_date is not null or phone is not null
      or profession is not null or income_range is not null or residence_country is not null
      or address is not null or postal_code is not null or city is not null or tax_country is not null
      or tax_id is not null or tax_id_sealed is not null or password_hash <> '!'`,
  },
  onboarding_applications: {
    scrubbed: 'customer_id = $1',
    personal: `email is not null or profession <> '' or income_range <> '' or residence_country <> ''`,
  },
  cards: { scrubbed: 'customer_id = $1', personal: `holder_first_name <> '' or holder_last_name <> ''` },
  onboarding_documents: {
    deleted: 'application_id in (select id from onboarding_applications where customer_id = $1)',
  },
  document_request_files: { deleted: 'customer_id = $1' },
  identity_change_requests: { deleted: 'customer_id = $1' },
  document_requests: { deleted: 'customer_id = $1' },
  correction_requests: { deleted: 'customer_id = $1' },
  messages: { deleted: 'customer_id = $1' },
  notifications: { deleted: 'customer_id = $1' },
  notification_preferences: { deleted: 'customer_id = $1' },
  push_subscriptions: { deleted: 'customer_id = $1' },
  push_deliveries: {
    deleted: 'subscription_id in (select id from push_subscriptions where customer_id = $1)',
  },
  direct_debit_settings: { deleted: 'customer_id = $1' },
  live_events: { deleted: 'customer_id = $1' },
  domain_events: { deleted: 'customer_id = $1' },
  live_streams: { deleted: 'customer_id = $1' },
  live_event_heads: {
    kept: 'only the number of the customer’s last live event, no personal data (numbers never restart)',
  },
  customer_sessions: { deleted: 'customer_id = $1' },
  one_time_tokens: { deleted: 'customer_id = $1' },
  sca_factors: { deleted: 'customer_id = $1' },
  sca_challenges: { deleted: 'customer_id = $1' },
  beneficiaries: { deleted: 'customer_id = $1' },
  ledger_accounts: { kept: LEDGER },
  ledger_entries: { kept: LEDGER },
  ledger_postings: { kept: LEDGER },
  ledger_entry_outcomes: { kept: LEDGER },
  spaces: { kept: `sub-accounts of the ledger (${LEDGER})` },
  manual_entries: {
    kept: 'the record of operators’ entries on the ledger: amount, reason, maker and checker',
  },
  transfers: {
    kept: 'executed payment orders, kept with the ledger entries they booked (payment and AML records)',
  },
  card_authorizations: { kept: 'card payments booked on the ledger (payment records)' },
  card_refunds: { kept: 'card refunds booked on the ledger (payment records)' },
  card_authentications: {
    kept: 'the strong-authentication record of online card payments (3-D Secure: amount, merchant, outcome; the value only hashed)',
  },
  card_agreements: {
    kept: 'the agreements behind a card’s recurring payments (card, merchant, the payment that made them: payment records)',
  },
  direct_debit_mandates: {
    kept: 'mandates of direct debits booked on the ledger: the creditor’s identifier and name, the reference (payment records)',
  },
  direct_debit_collections: { kept: 'direct debits booked or returned on the ledger (payment records)' },
  direct_debit_claims: {
    kept: 'claims on direct debits booked on the ledger and compliance’s decisions (payment dispute records)',
  },
  audit_log: {
    kept: 'append-only and hash-chained by design; its rows name customers by id only, never their data',
  },
  // Sanctions screening (docs/screening.md#screening): closing the account ends the screening (a
  // trigger drops the job's marks and last screenings); the screenings stay, as AML records.
  screening_changes: { deleted: 'customer_id = $1' },
  screening_subjects: { deleted: 'customer_id = $1' },
  screenings: {
    kept: 'the sanctions screening record (AML): when, against which list version, why and the outcome; ids and an identity hash, no names',
  },
  screening_alerts: {
    kept: 'possible sanctions matches and compliance’s decisions on them (AML records: the list entity, the score, the name tokens that met, who decided and why)',
  },
  asset_freezes: {
    kept: 'the record of an asset freeze and its lifting, a legal measure (when, on which alert, by whom; a blocked payee’s IBAN and name)',
  },
  // Transaction monitoring (docs/monitoring.md): the cases and the rules' hits are AML records.
  monitoring_case_notes: { kept: 'operators’ notes while working a monitoring case (AML records)' },
  monitoring_cases: {
    kept: 'transaction monitoring cases (AML records: when opened, what compliance decided)',
  },
  monitoring_hits: {
    kept: 'the monitoring rules’ findings (AML records: which rule, under which version, on which ledger entries)',
  },
  // Fraud reports (docs/fraud-reports.md): a claim, its evidence and a refund's reason.
  fraud_reports: {
    kept: 'fraud reports and their decisions (the payee’s identifiers shared between banks, a refund’s justification: what happened, the police report and its file)',
  },
  // Open banking (docs/psd2.md): the evidence of what a third party was allowed to read.
  psd2_consents: {
    kept: 'the customer’s consents to third parties (PSD2): which provider, which accounts and data, when given, renewed, revoked or ended — evidence of each access, no account data',
  },
  psd2_access_counts: {
    kept: 'how many times a day a third party read an account without the customer (the regulation’s limit); counts only',
  },
  psd2_payments: {
    kept: 'the payments third parties initiated from the customer’s accounts (PSD2) and the customer’s answer: part of the payment records, like the transfers they became',
  },
  psd2_authorisations: {
    kept: 'each strong authentication given to a third party’s request (PSD2): when, approved or refused',
  },
  // Held incoming credits (docs/held-credits.md): part of the books, like the entries they name.
  held_credits: {
    kept: 'incoming credits held for verification and their release or return (AML records and accounting: the amount, the originator, the entries, who decided and why)',
  },
};

let t: TestContext;
let db: Db;
let admin: string;
let compliance: string;
// The anonymisation job acts on every closed customer and the clock jumps years ahead: on
// PostgreSQL this file has a database of its own.
beforeAll(async () => {
  db = await openOwnTestDb();
  t = await makeTestContext({ rateLimits: false, customerRetentionDays: 3650 }, { db });
  admin = await signIn(t, await newOperator(t, 'admin'));
  compliance = await signIn(t, await newOperator(t, 'compliance'));
});
afterAll(async () => {
  await t.close();
  await db.close();
});

const call = (method: 'POST' | 'DELETE', url: string, token: string) =>
  t.app.inject({ method, url, headers: MUTATION, cookies: withOperator(token), payload: {} });

const count = async (sql: string, params: unknown[]) =>
  (await t.ctx.db.query<{ n: number }>(`select count(*)::int as n from ${sql}`, params)).rows[0]!.n;

/** Rows of the customer still holding personal data, per table (none is the goal). */
async function personalLeft(customerId: string): Promise<Record<string, number>> {
  const left: Record<string, number> = {};
  for (const [table, fate] of Object.entries(FATES)) {
    if ('deleted' in fate) left[table] = await count(`${table} where ${fate.deleted}`, [customerId]);
    else if ('scrubbed' in fate) {
      left[table] = await count(`${table} where (${fate.scrubbed}) and (${fate.personal})`, [customerId]);
    }
  }
  return left;
}
const none = () =>
  Object.fromEntries(
    Object.entries(FATES)
      .filter(([, f]) => !('kept' in f))
      .map(([table]) => [table, 0]),
  );

const mailsTo = (email: string) => count('mail_outbox where lower(to_address) = lower($1)', [email]);

/**
 * What a customer leaves behind besides the application: a payslip uploaded for a document request
 * (stored encrypted), a message with a phone number, a notification, a push device with a queued message, an SCA challenge, a correction
 * request, direct-debit rules, a mail still waiting in the outbox. Returns the stored file's key and id.
 */
async function leaveTraces(customerId: string, email: string): Promise<{ key: string; fileId: string }> {
  const fileId = randomUUID();
  const key = await t.ctx.files.put(Buffer.from('%PDF-1.4 bulletin de salaire'), fileId);
  await t.ctx.db.tx(async (q) => {
    const { rows } = await q.query<{ id: string }>(
      `insert into document_requests (customer_id, kind, reason, status)
       values ($1, 'funds_origin', 'Bulletin de salaire', 'accepted') returning id`,
      [customerId],
    );
    await q.query(
      `insert into document_request_files (id, request_id, customer_id, mime, size, storage_key, uploaded_at)
       values ($1, $2, $3, 'application/pdf', 28, $4, now())`,
      [fileId, rows[0]!.id, customerId, key],
    );
    await q.query(
      `insert into messages (customer_id, direction, body, created_at)
       values ($1, 'customer', 'Rappelez-moi au 06 12 34 56 78', now())`,
      [customerId],
    );
    await q.query(
      `insert into correction_requests (customer_id, reasons, requested_at) values ($1, '["Photo floue"]', now())`,
      [customerId],
    );
    await q.query(
      `insert into sca_challenges (customer_id, action, details, details_hash, nonce, expires_at)
       values ($1, 'beneficiary', '{"name": "Marie Curie"}', 'h', 'n', now())`,
      [customerId],
    );
    await q.query(
      `insert into mail_outbox (to_address, template, subject, text_body, html_body)
       values ($1, 'message', 'Nouveau message', 'Bonjour Jean', '<p>Bonjour Jean</p>')`,
      [email],
    );
    await q.query(
      `insert into live_events (customer_id, seq, event) values ($1, 1000, '{"type":"credit","counterpartyName":"Marie Curie"}')`,
      [customerId],
    );
    await q.query(
      `insert into live_streams (id, session_key, customer_id, lease_ends_at) values ($1, 'session', $2, now())`,
      [randomUUID(), customerId],
    );
    await q.query(
      `insert into direct_debit_settings (customer_id, blocked_creditor_ids, updated_at)
       values ($1, '{FR72ZZZ123456}', now())`,
      [customerId],
    );
    const device = await q.query<{ id: string }>(
      `insert into push_subscriptions (customer_id, endpoint, p256dh, auth, created_at)
       values ($1, $2, 'p256dh', 'auth', now()) returning id`,
      [customerId, `https://fcm.googleapis.com/fcm/send/${randomUUID()}`],
    );
    await q.query(
      `insert into push_deliveries (subscription_id, payload, urgency, expires_at, next_attempt_at, created_at)
       values ($1, '{"title":"Virement reçu","body":"De Marie Curie","url":"/notifications","tag":"t"}',
               'normal', now() + interval '1 day', now() + interval '1 day', now())`,
      [device.rows[0]!.id],
    );
    await recordNotification(t.ctx, q, customerId, {
      kind: 'credit',
      amount: 500n,
      counterparty: 'Marie Curie',
      number: null,
      reason: null,
    });
  });
  return { key, fileId };
}

/**
 * The customer asks for a new identity twice (a new name and birth date): the first request is
 * refused after compliance opened its document, the second accepted. Returns every value the audit
 * trail must not keep once the customer is anonymised: the old and new names and birth dates, the
 * documents' ids and the refusal's text.
 */
async function changeIdentity(a: { id: string; email: string; password: string }): Promise<string[]> {
  const { rows } = await t.ctx.db.query<{ first_name: string; last_name: string; birth_date: string }>(
    `select first_name, last_name, to_char(birth_date, 'YYYY-MM-DD') as birth_date from customers where id = $1`,
    [a.id],
  );
  const old = rows[0]!;
  const cookie = await customerSignIn(t.app, a);
  const asked = { firstName: 'Bérénice', lastName: 'Zéphyrin', birthDate: '1979-03-21' };
  const refusal = 'Le justificatif au nom de Zéphyrin est illisible.';
  const ask = async () => {
    const form = new FormData();
    for (const [name, value] of Object.entries({ ...asked, reason: 'Mariage.' })) form.append(name, value);
    form.append('file', new Blob([new Uint8Array(minimalPdf())], { type: 'application/pdf' }), 'acte.pdf');
    const body = new Response(form);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/identity-change-requests',
      headers: {
        'x-requested-with': 'comptoir',
        'content-type': body.headers.get('content-type') ?? '',
        cookie,
      },
      payload: Buffer.from(await body.arrayBuffer()),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: string; document: { id: string } }>();
  };
  const refused = await ask();
  const url = `/api/backoffice/identity-change-requests/${refused.id}`;
  const viewed = await t.app.inject({
    method: 'GET',
    url: `${url}/document`,
    cookies: withOperator(compliance),
  });
  expect(viewed.statusCode).toBe(200);
  const rejected = await t.app.inject({
    method: 'POST',
    url: `${url}/reject`,
    headers: MUTATION,
    cookies: withOperator(compliance),
    payload: { reason: refusal },
  });
  expect(rejected.statusCode, rejected.body).toBe(200);
  const accepted = await ask();
  expect(
    (await call('POST', `/api/backoffice/identity-change-requests/${accepted.id}/accept`, compliance))
      .statusCode,
  ).toBe(200);
  return [
    old.first_name,
    old.last_name,
    old.birth_date,
    ...Object.values(asked),
    refused.document.id,
    accepted.document.id,
    'Zéphyrin',
  ];
}

/** The customer's identity-change audit rows: who, which action, which fields, and the details as text. */
const identityAudit = async (customerId: string) =>
  (
    await t.ctx.db.query<{ operator_id: string | null; action: string; details: Record<string, unknown> }>(
      `select operator_id, action, details from audit_log
        where customer_id = $1 and action like 'identity_change.%' order by id`,
      [customerId],
    )
  ).rows;

describe('personal data on closing and erasing', () => {
  it('every table naming a customer is either cleared by anonymisation or kept for a stated reason', async () => {
    expect(await tablesNamingACustomer(t.ctx.db)).toEqual(Object.keys(FATES).sort());
  });

  it('erasing an applicant clears every table, deletes the files and the mails to them', async () => {
    const a = await newApplicant(t);
    const { key, fileId } = await leaveTraces(a.id, a.email);
    expect(await mailsTo(a.email)).toBeGreaterThan(1);
    expect((await call('DELETE', `/api/backoffice/customers/${a.id}`, admin)).statusCode).toBe(200);
    expect(await personalLeft(a.id)).toEqual(none());
    expect(await mailsTo(a.email)).toBe(0);
    expect(await t.ctx.files.get(key, fileId)).toBeNull();
  });

  it('anonymisation clears every table, deletes the document-request files and the mails to the customer', async () => {
    const a = await newApplicant(t);
    expect((await call('POST', `/api/backoffice/customers/${a.id}/approve`, admin)).statusCode).toBe(200);
    const identityValues = await changeIdentity(a);
    expect((await call('POST', `/api/backoffice/customers/${a.id}/close`, compliance)).statusCode).toBe(200);
    const { key, fileId } = await leaveTraces(a.id, a.email);
    const before = await personalLeft(a.id);
    for (const table of [
      'customers',
      'identity_change_requests',
      'document_request_files',
      'document_requests',
      'messages',
      'notifications',
      'customer_sessions',
      'correction_requests',
      'sca_challenges',
      'direct_debit_settings',
    ]) {
      expect(before[table], table).toBeGreaterThan(0);
    }
    expect(await mailsTo(a.email)).toBeGreaterThan(1);

    // Last in the file: the jump ends every session.
    t.clock.advance(3651 * 24 * 60 * 60 * 1000);
    expect(await anonymiseClosedCustomers(t.ctx)).toBeGreaterThanOrEqual(1);

    expect(await personalLeft(a.id)).toEqual(none());
    expect(await mailsTo(a.email)).toBe(0);
    expect(await t.ctx.files.get(key, fileId)).toBeNull();
    expect(await count('storage_deletions where storage_key = $1', [key])).toBe(0);

    // The identity changes stay in the audit trail — who, when, which fields — without their values.
    const trail = await identityAudit(a.id);
    expect(trail.map((r) => r.action)).toEqual([
      'identity_change.requested',
      'identity_change.document_viewed',
      'identity_change.rejected',
      'identity_change.requested',
      'identity_change.accepted',
    ]);
    const decided = trail.filter((r) => r.action !== 'identity_change.requested');
    for (const row of decided) expect(row.operator_id, row.action).not.toBeNull();
    expect(trail.at(-1)?.details).toMatchObject({ fields: ['firstName', 'lastName', 'birthDate'] });
    const text = JSON.stringify(trail);
    for (const value of identityValues) expect(text, value).not.toContain(value);
  });
});
