import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DIRECT_DEBIT_MESSAGES,
  Problem,
  SCA_TOKEN_HEADER,
  type BackofficeCustomerDirectDebits,
  type BackofficeDirectDebitClaim,
  type BackofficeDirectDebitClaimList,
  type DirectDebitClaim,
  type DirectDebitCollection,
  type OperationDetail,
} from '@comptoir/contracts';
import { listMailbox } from '../../mail/mailbox.ts';
import { verifyLedger } from '../../ledger/index.ts';
import { MUTATION, makeTestContext, type TestContext } from '../../testing/test-context.ts';
import { signIn, type TestCustomer } from '../../testing/customers.ts';
import { grantScaToken } from '../sca/__tests__/testing.ts';
import {
  newOperator,
  signIn as operatorSignIn,
  withOperator,
  type TestOperator,
} from '../operators/__tests__/testing.ts';
import { balances, signedIn } from '../transfers/__tests__/testing.ts';
import { announced, announcement, call, present, SANDBOX_KEY, setNow } from './__tests__/helpers.ts';

let t: TestContext;
let compliance: TestOperator;
let support: TestOperator;
beforeAll(async () => {
  t = await makeTestContext({ rateLimits: false, sandboxApiKey: SANDBOX_KEY });
  compliance = await newOperator(t, 'compliance');
  support = await newOperator(t, 'support');
});
afterAll(async () => {
  expect(await verifyLedger(t.ctx.db)).toEqual([]);
  await t.close();
});

const problem = (res: { json(): unknown }) => Problem.parse(res.json());

// Presented on Monday 2 March 2026 (Paris): debited that day. 8 weeks: until Monday 27 April
// (the 56th day) at midnight; 13 months: until Friday 2 April 2027 at midnight.
const BOOKED_AT = '2026-03-02T10:00:00+01:00';
const DEBIT_DATE = '2026-03-02';
const FUNDING = 10_000;
const AMOUNT = 8_940;

type Booked = Awaited<ReturnType<typeof signedIn>> & { c: DirectDebitCollection };

/** A customer funded with 100 €, and one collection of 89,40 € booked (presented) on the debit date. */
async function booked(): Promise<Booked> {
  setNow(t, BOOKED_AT);
  const a = await signedIn(t.ctx, t.app, FUNDING);
  const c = await announced(t, announcement(a.account.iban ?? '', '2026-03-04'));
  const res = await present(t, c.id);
  if (res.statusCode !== 200) throw new Error(`present: ${res.statusCode} ${res.body}`);
  return { ...a, c: res.json<DirectDebitCollection>() };
}

/** The customer's call at `at` (signed in afresh: the clock moves by weeks). */
async function customerCall(
  customer: TestCustomer,
  at: string,
  method: 'GET' | 'POST',
  url: string,
  payload?: Record<string, unknown>,
) {
  setNow(t, at);
  return call(t, await signIn(t.app, customer), method, url, payload);
}

const refund = (a: Booked, at: string) =>
  customerCall(a.customer, at, 'POST', `/api/direct-debits/collections/${a.c.id}/refund`);

const claim = (a: Booked, at: string, reason = 'Je n’ai jamais signé de mandat avec ce créancier.') =>
  customerCall(a.customer, at, 'POST', `/api/direct-debits/collections/${a.c.id}/claims`, { reason });

async function operatorCall(
  op: TestOperator,
  method: 'GET' | 'POST',
  url: string,
  payload?: Record<string, unknown>,
) {
  // A TOTP code is taken once: each sign-in is 30 s after the previous one (the clock only moves on
  // for operators in this file).
  t.clock.advance(30_000);
  const token = await operatorSignIn(t, op);
  return t.app.inject({
    method,
    url,
    headers: method === 'GET' ? {} : MUTATION,
    cookies: withOperator(token),
    ...(payload ? { payload } : {}),
  });
}

const decide = (op: TestOperator, claimId: string, decision: 'accept' | 'reject', note: string) =>
  operatorCall(op, 'POST', `/api/backoffice/direct-debit-claims/${claimId}/decision`, { decision, note });

async function collectionNow(a: Booked, at: string): Promise<DirectDebitCollection> {
  const res = await customerCall(a.customer, at, 'GET', '/api/direct-debits/collections');
  const found = res.json<{ items: DirectDebitCollection[] }>().items.find((c) => c.id === a.c.id);
  if (!found) throw new Error('collection not listed');
  return found;
}

/** The refund's ledger entry, by its `st-` number. */
async function refundEntry(number: string) {
  const { rows } = await t.ctx.db.query<{
    id: bigint;
    kind: string;
    description: string;
    counterparty_name: string;
    reference: string;
    metadata: Record<string, unknown>;
    value_date: string;
    initiated_by_customer: string | null;
    initiated_by_operator: string | null;
  }>(
    `select id, kind, description, counterparty_name, reference, metadata, value_date::text as value_date,
            initiated_by_customer, initiated_by_operator
       from ledger_entries where number = $1`,
    [number],
  );
  if (!rows[0]) throw new Error(`no entry ${number}`);
  return rows[0];
}

async function operationDetail(a: Booked, entryId: bigint, at: string): Promise<OperationDetail> {
  const res = await customerCall(
    a.customer,
    at,
    'GET',
    `/api/accounts/${a.account.id}/transactions/${entryId}`,
  );
  if (res.statusCode !== 200) throw new Error(`detail: ${res.statusCode} ${res.body}`);
  return res.json<OperationDetail>();
}

const notificationsOf = async (customerId: string) =>
  (
    await t.ctx.db.query<{
      kind: string;
      amount: bigint | null;
      counterparty: string | null;
      reason: string | null;
    }>('select kind, amount, counterparty, reason from notifications where customer_id = $1 order by seq', [
      customerId,
    ])
  ).rows;

describe('POST /api/direct-debits/collections/{id}/refund: without question, within 8 weeks of the debit date', () => {
  it('credits the amount back at once, in one direct_debit entry value-dated on the debit date', async () => {
    const a = await booked();
    expect(a.c).toMatchObject({
      status: 'booked',
      refundableUntil: '2026-04-27',
      claimableUntil: '2027-04-02',
    });
    expect(await balances(t.ctx, a.account)).toEqual({ posted: BigInt(FUNDING - AMOUNT), pending: 0n });

    const res = await refund(a, '2026-03-20T15:00:00+01:00');
    expect(res.statusCode, res.body).toBe(200);
    const done = res.json<DirectDebitCollection>();
    expect(done).toMatchObject({
      id: a.c.id,
      status: 'booked',
      refundedAt: new Date('2026-03-20T15:00:00+01:00').toISOString(),
      refundNumber: expect.stringMatching(/^st-\d{8}$/),
      refundableUntil: null,
      claimableUntil: null,
      claim: null,
    });
    expect(await balances(t.ctx, a.account)).toEqual({ posted: BigInt(FUNDING), pending: 0n });

    const entry = await refundEntry(done.refundNumber ?? '');
    expect(entry).toMatchObject({
      kind: 'direct_debit',
      description: 'Remboursement de prélèvement SEPA',
      counterparty_name: 'Energie Verte',
      reference: a.c.mandateReference,
      metadata: {
        collectionId: a.c.id,
        mandateReference: a.c.mandateReference,
        creditorId: 'FR72ZZZ123456',
        refund: true,
      },
      value_date: DEBIT_DATE,
      initiated_by_customer: a.customer.id,
      initiated_by_operator: null,
    });
    const detail = await operationDetail(a, entry.id, '2026-03-20T15:01:00+01:00');
    expect(detail).toMatchObject({ amount: AMOUNT, direction: 'credit', valueDate: DEBIT_DATE });
    expect(detail.postedAt?.slice(0, 10)).toBe('2026-03-20');

    // The debit itself keeps the booking day as its value date.
    const debit = await t.ctx.db.query<{ id: bigint }>('select id from ledger_entries where number = $1', [
      a.c.number,
    ]);
    const debitDetail = await operationDetail(a, debit.rows[0]!.id, '2026-03-20T15:01:00+01:00');
    expect(debitDetail.valueDate).toBe(DEBIT_DATE);

    expect(await notificationsOf(a.customer.id)).toContainEqual({
      kind: 'direct_debit_refunded',
      amount: BigInt(AMOUNT),
      counterparty: 'Energie Verte',
      reason: null,
    });
    expect(await collectionNow(a, '2026-03-20T15:02:00+01:00')).toMatchObject({
      refundNumber: done.refundNumber,
      refundableUntil: null,
    });
  });

  it('on the 56th day until midnight (Paris), not on the 57th', async () => {
    const day56 = await booked();
    expect((await refund(day56, '2026-04-27T23:59:59+02:00')).statusCode).toBe(200);

    const day57 = await booked();
    expect((await collectionNow(day57, '2026-04-28T00:00:00+02:00')).refundableUntil).toBeNull();
    const late = await refund(day57, '2026-04-28T00:00:00+02:00');
    expect(late.statusCode).toBe(409);
    expect(problem(late)).toMatchObject({
      code: 'direct_debit_refund_closed',
      detail: DIRECT_DEBIT_MESSAGES.refundClosed,
    });
    expect(await balances(t.ctx, day57.account)).toEqual({ posted: BigInt(FUNDING - AMOUNT), pending: 0n });
  });

  it('refunds once: a second refund, even at the same moment, answers 409 and credits nothing more', async () => {
    const a = await booked();
    setNow(t, '2026-03-10T10:00:00+01:00');
    const cookie = await signIn(t.app, a.customer);
    const url = `/api/direct-debits/collections/${a.c.id}/refund`;
    const both = await Promise.all([call(t, cookie, 'POST', url), call(t, cookie, 'POST', url)]);
    expect(both.map((r) => r.statusCode).toSorted()).toEqual([200, 409]);
    const again = await call(t, cookie, 'POST', url);
    expect(again.statusCode).toBe(409);
    expect(problem(again)).toMatchObject({
      code: 'direct_debit_already_refunded',
      detail: DIRECT_DEBIT_MESSAGES.alreadyRefunded,
    });
    expect(await balances(t.ctx, a.account)).toEqual({ posted: BigInt(FUNDING), pending: 0n });
    const entries = await t.ctx.db.query(
      `select 1 from ledger_entries where metadata->>'collectionId' = $1 and metadata->>'refund' = 'true'`,
      [a.c.id],
    );
    expect(entries.rows).toHaveLength(1);
  });

  it('only a debited collection: an announced or returned one answers 409', async () => {
    setNow(t, BOOKED_AT);
    const a = await signedIn(t.ctx, t.app, 100); // too little: returned AM04
    const waiting = await announced(t, announcement(a.account.iban ?? '', '2026-03-04'));
    const short = await announced(t, announcement(a.account.iban ?? '', '2026-03-04'));
    expect((await present(t, short.id)).json()).toMatchObject({ status: 'returned', returnReason: 'AM04' });
    for (const c of [waiting, short]) {
      const res = await call(t, a.cookie, 'POST', `/api/direct-debits/collections/${c.id}/refund`);
      expect(res.statusCode).toBe(409);
      expect(problem(res)).toMatchObject({
        code: 'direct_debit_refund_not_booked',
        detail: DIRECT_DEBIT_MESSAGES.refundNotBooked,
      });
      const claimed = await call(t, a.cookie, 'POST', `/api/direct-debits/collections/${c.id}/claims`, {
        reason: 'Non autorisé',
      });
      expect(claimed.statusCode).toBe(409);
      expect(problem(claimed).code).toBe('direct_debit_claim_not_booked');
    }
  });

  it('another customer’s collection answers 404 on refund and claims, and nothing moves', async () => {
    const a = await booked();
    const other = await signedIn(t.ctx, t.app, 0);
    for (const path of ['refund', 'claims']) {
      const res = await call(t, other.cookie, 'POST', `/api/direct-debits/collections/${a.c.id}/${path}`, {
        reason: 'Pas moi',
      });
      expect(res.statusCode, path).toBe(404);
      expect(problem(res).code).toBe('direct_debit_not_found');
    }
    const unknown = await call(t, other.cookie, 'POST', '/api/direct-debits/collections/pas-un-id/refund');
    expect(unknown.statusCode).toBe(404);
    expect(await balances(t.ctx, a.account)).toEqual({ posted: BigInt(FUNDING - AMOUNT), pending: 0n });
    expect((await collectionNow(a, BOOKED_AT)).claim).toBeNull();
  });
});

describe('POST /api/direct-debits/collections/{id}/claims: an unauthorised collection, within 13 months', () => {
  it('records a pending claim until the end of the same day 13 months later; after that, 409', async () => {
    const a = await booked();
    const ok = await claim(a, '2027-04-02T23:59:00+02:00');
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json<DirectDebitClaim>()).toMatchObject({
      collectionId: a.c.id,
      status: 'pending',
      reason: 'Je n’ai jamais signé de mandat avec ce créancier.',
      decidedAt: null,
      decisionNote: null,
    });
    const listed = await collectionNow(a, '2027-04-02T23:59:30+02:00');
    expect(listed).toMatchObject({
      claim: { status: 'pending' },
      claimableUntil: null,
      refundableUntil: null,
    });

    const twice = await claim(a, '2027-04-02T23:59:40+02:00');
    expect(twice.statusCode).toBe(409);
    expect(problem(twice)).toMatchObject({
      code: 'direct_debit_claim_exists',
      detail: DIRECT_DEBIT_MESSAGES.claimExists,
    });

    const late = await booked();
    const res = await claim(late, '2027-04-03T00:00:00+02:00');
    expect(res.statusCode).toBe(409);
    expect(problem(res)).toMatchObject({
      code: 'direct_debit_claim_closed',
      detail: DIRECT_DEBIT_MESSAGES.claimClosed,
    });
  });

  it('asks for the customer’s explanation', async () => {
    const a = await booked();
    const res = await claim(a, '2026-03-03T10:00:00+01:00', '   ');
    expect(res.statusCode).toBe(400);
    expect(problem(res).detail).toContain(DIRECT_DEBIT_MESSAGES.claimReasonRequired);
  });

  it('a refunded collection cannot be claimed; a pending claim holds the 8-week refund back', async () => {
    const refunded = await booked();
    expect((await refund(refunded, '2026-03-05T10:00:00+01:00')).statusCode).toBe(200);
    const res = await claim(refunded, '2026-03-05T10:01:00+01:00');
    expect(res.statusCode).toBe(409);
    expect(problem(res).code).toBe('direct_debit_already_refunded');

    const claimed = await booked();
    expect((await claim(claimed, '2026-03-05T10:00:00+01:00')).statusCode).toBe(201);
    const held = await refund(claimed, '2026-03-05T10:01:00+01:00');
    expect(held.statusCode).toBe(409);
    expect(problem(held).code).toBe('direct_debit_claim_exists');
  });
});

describe('compliance decides a claim in the back office', () => {
  async function pendingClaim(at = '2026-09-15T10:00:00+02:00') {
    const a = await booked();
    const res = await claim(a, at);
    if (res.statusCode !== 201) throw new Error(`claim: ${res.statusCode} ${res.body}`);
    return { ...a, claim: res.json<DirectDebitClaim>() };
  }

  it('accept: credited back at once, value-dated on the debit date; audited; the customer is told and mailed', async () => {
    const a = await pendingClaim();
    setNow(t, '2026-09-20T11:00:00+02:00');
    const res = await decide(compliance, a.claim.id, 'accept', 'Aucun mandat signé : remboursement accordé.');
    expect(res.statusCode, res.body).toBe(200);
    const decided = res.json<BackofficeDirectDebitClaim>();
    expect(decided).toMatchObject({
      id: a.claim.id,
      status: 'accepted',
      decisionNote: 'Aucun mandat signé : remboursement accordé.',
      decidedAt: t.clock.now().toISOString(),
      decidedBy: compliance.email,
      customerId: a.customer.id,
      collection: { id: a.c.id, refundNumber: expect.stringMatching(/^st-\d{8}$/) },
    });
    expect(await balances(t.ctx, a.account)).toEqual({ posted: BigInt(FUNDING), pending: 0n });
    const entry = await refundEntry(decided.collection.refundNumber ?? '');
    expect(entry).toMatchObject({
      kind: 'direct_debit',
      description: 'Remboursement de prélèvement SEPA',
      value_date: DEBIT_DATE,
      initiated_by_operator: compliance.id,
      initiated_by_customer: null,
      metadata: { collectionId: a.c.id, refund: true },
    });
    expect((await operationDetail(a, entry.id, '2026-09-20T11:01:00+02:00')).valueDate).toBe(DEBIT_DATE);

    const audit = await t.ctx.db.query<{ operator_id: string; details: Record<string, unknown> }>(
      `select operator_id, details from audit_log where action = 'direct_debit_claim.accepted' and customer_id = $1`,
      [a.customer.id],
    );
    expect(audit.rows).toEqual([
      {
        operator_id: compliance.id,
        details: expect.objectContaining({
          claimId: a.claim.id,
          collectionId: a.c.id,
          decision: 'accept',
          note: 'Aucun mandat signé : remboursement accordé.',
        }),
      },
    ]);
    expect(await notificationsOf(a.customer.id)).toContainEqual({
      kind: 'direct_debit_refunded',
      amount: BigInt(AMOUNT),
      counterparty: 'Energie Verte',
      reason: 'Aucun mandat signé : remboursement accordé.',
    });
    const subjects = (await listMailbox(t.ctx, a.customer.email)).map((m) => m.subject);
    expect(subjects).toContain('Votre contestation de prélèvement est acceptée');
    expect(await collectionNow(a, '2026-09-20T11:02:00+02:00')).toMatchObject({
      refundedAt: decided.decidedAt,
      claim: { status: 'accepted', decisionNote: 'Aucun mandat signé : remboursement accordé.' },
    });
  });

  it('reject: nothing moves; the customer reads the note', async () => {
    const a = await pendingClaim();
    setNow(t, '2026-09-21T09:00:00+02:00');
    const res = await decide(
      compliance,
      a.claim.id,
      'reject',
      'Mandat signé le 15/01/2026 fourni par le créancier.',
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<BackofficeDirectDebitClaim>()).toMatchObject({
      status: 'rejected',
      collection: { refundedAt: null, refundNumber: null },
    });
    expect(await balances(t.ctx, a.account)).toEqual({ posted: BigInt(FUNDING - AMOUNT), pending: 0n });
    const audit = await t.ctx.db.query<{ operator_id: string }>(
      `select operator_id from audit_log where action = 'direct_debit_claim.rejected' and customer_id = $1`,
      [a.customer.id],
    );
    expect(audit.rows).toEqual([{ operator_id: compliance.id }]);
    expect(await notificationsOf(a.customer.id)).toContainEqual({
      kind: 'direct_debit_claim_rejected',
      amount: BigInt(AMOUNT),
      counterparty: 'Energie Verte',
      reason: 'Mandat signé le 15/01/2026 fourni par le créancier.',
    });
    const subjects = (await listMailbox(t.ctx, a.customer.email)).map((m) => m.subject);
    expect(subjects).toContain('Votre contestation de prélèvement est refusée');
  });

  it('decides once: a second decision, even at the same moment, answers 409', async () => {
    const a = await pendingClaim();
    setNow(t, '2026-09-22T09:00:00+02:00');
    const token = await operatorSignIn(t, compliance);
    const url = `/api/backoffice/direct-debit-claims/${a.claim.id}/decision`;
    const send = (decision: string) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: MUTATION,
        cookies: withOperator(token),
        payload: { decision, note: 'Décision' },
      });
    const both = await Promise.all([send('accept'), send('accept')]);
    expect(both.map((r) => r.statusCode).toSorted()).toEqual([200, 409]);
    const again = await send('reject');
    expect(again.statusCode).toBe(409);
    expect(problem(again)).toMatchObject({
      code: 'direct_debit_claim_decided',
      detail: DIRECT_DEBIT_MESSAGES.claimDecided,
    });
    expect(await balances(t.ctx, a.account)).toEqual({ posted: BigInt(FUNDING), pending: 0n });
  });

  it('support cannot decide (403); a note is required; an unknown claim answers 404', async () => {
    const a = await pendingClaim();
    setNow(t, '2026-09-23T09:00:00+02:00');
    const forbidden = await decide(support, a.claim.id, 'accept', 'Remboursé');
    expect(forbidden.statusCode).toBe(403);
    expect(problem(forbidden).code).toBe('role_forbidden');
    const noNote = await decide(compliance, a.claim.id, 'accept', ' ');
    expect(noNote.statusCode).toBe(400);
    expect(problem(noNote).detail).toContain(DIRECT_DEBIT_MESSAGES.decisionNoteRequired);
    const unknown = await decide(compliance, '00000000-0000-4000-8000-000000000000', 'accept', 'Oui');
    expect(unknown.statusCode).toBe(404);
    expect(problem(unknown).code).toBe('direct_debit_claim_not_found');
    expect(await balances(t.ctx, a.account)).toEqual({ posted: BigInt(FUNDING - AMOUNT), pending: 0n });
  });
});

describe('the back office reads a customer’s direct debits and the claims queue', () => {
  it('GET /api/backoffice/customers/{id}/direct-debits: mandates, collections with claims, rules; unknown → 404', async () => {
    const a = await booked();
    expect((await claim(a, '2026-10-01T10:00:00+02:00')).statusCode).toBe(201);
    const res = await operatorCall(
      support,
      'GET',
      `/api/backoffice/customers/${a.customer.id}/direct-debits`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<BackofficeCustomerDirectDebits>();
    expect(body.mandates).toHaveLength(1);
    expect(body.mandates[0]).toMatchObject({ id: a.c.mandateId, status: 'active' });
    expect(body.collections).toHaveLength(1);
    expect(body.collections[0]).toMatchObject({ id: a.c.id, status: 'booked', claim: { status: 'pending' } });
    expect(body.settings).toEqual({ blockAll: false, allowedCreditorIds: [], blockedCreditorIds: [] });

    for (const id of ['00000000-0000-4000-8000-000000000000', 'pas-un-id']) {
      const missing = await operatorCall(support, 'GET', `/api/backoffice/customers/${id}/direct-debits`);
      expect(missing.statusCode, id).toBe(404);
      expect(problem(missing).code).toBe('customer_not_found');
    }
  });

  it('GET /api/backoffice/direct-debit-claims: pending ones first, oldest first; or one status', async () => {
    const older = await booked();
    expect((await claim(older, '2026-10-02T08:00:00+02:00')).statusCode).toBe(201);
    const newer = await booked();
    expect((await claim(newer, '2026-10-02T09:00:00+02:00')).statusCode).toBe(201);
    const decided = await booked();
    const decidedClaim = (await claim(decided, '2026-10-01T12:00:00+02:00')).json<DirectDebitClaim>();
    setNow(t, '2026-10-02T10:00:00+02:00');
    expect((await decide(compliance, decidedClaim.id, 'reject', 'Mandat fourni')).statusCode).toBe(200);

    const mine = (list: BackofficeDirectDebitClaimList) =>
      list.items
        .filter((k) => [older.c.id, newer.c.id, decided.c.id].includes(k.collectionId))
        .map((k) => k.collectionId);
    const all = await operatorCall(support, 'GET', '/api/backoffice/direct-debit-claims');
    expect(all.statusCode, all.body).toBe(200);
    expect(mine(all.json())).toEqual([older.c.id, newer.c.id, decided.c.id]);
    const first = all.json<BackofficeDirectDebitClaimList>().items.find((k) => k.collectionId === older.c.id);
    expect(first).toMatchObject({
      customerId: older.customer.id,
      customerName: expect.stringMatching(/\S/),
      decidedBy: null,
      collection: { id: older.c.id, amount: AMOUNT, creditorName: 'Energie Verte' },
    });
    const pending = await operatorCall(support, 'GET', '/api/backoffice/direct-debit-claims?status=pending');
    expect(mine(pending.json())).toEqual([older.c.id, newer.c.id]);
    const rejected = await operatorCall(
      support,
      'GET',
      '/api/backoffice/direct-debit-claims?status=rejected',
    );
    expect(mine(rejected.json())).toEqual([decided.c.id]);
    const bad = await operatorCall(support, 'GET', '/api/backoffice/direct-debit-claims?status=maybe');
    expect(bad.statusCode).toBe(400);
  });
});

describe('the customer’s data export', () => {
  it('holds their mandates, collections (with the refund), claims and rules, each field described', async () => {
    const a = await booked();
    const claimed = await claim(a, '2026-10-05T10:00:00+02:00', 'Mandat jamais signé');
    setNow(t, '2026-10-05T11:00:00+02:00');
    expect(
      (await decide(compliance, claimed.json<DirectDebitClaim>().id, 'accept', 'Remboursé')).statusCode,
    ).toBe(200);
    setNow(t, '2026-10-05T12:00:00+02:00');
    const cookie = await signIn(t.app, a.customer);
    const token = await grantScaToken(t.ctx, a.customer.id, 'data_export', {});
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/me/data-export',
      headers: { cookie, [SCA_TOKEN_HEADER]: token },
    });
    expect(res.statusCode, res.body).toBe(200);
    const file = res.json<Record<string, unknown>>();
    expect(file.directDebitMandates).toEqual([
      expect.objectContaining({ id: a.c.mandateId, status: 'active' }),
    ]);
    const [collection] = file.directDebitCollections as Record<string, unknown>[];
    expect(collection).toMatchObject({
      id: a.c.id,
      amount: AMOUNT,
      status: 'booked',
      number: a.c.number,
      refundNumber: expect.stringMatching(/^st-\d{8}$/),
    });
    expect(file.directDebitClaims).toEqual([
      expect.objectContaining({ collectionId: a.c.id, status: 'accepted', decisionNote: 'Remboursé' }),
    ]);
    expect(file.directDebitSettings).toBeNull();
    const refundOperation = (file.operations as Record<string, unknown>[]).find(
      (o) => o.number === collection?.refundNumber,
    );
    expect(refundOperation).toMatchObject({ amount: AMOUNT, valueDate: DEBIT_DATE });
    // The file's own README describes every field.
    const { sections } = file.readme as { sections: Record<string, { fields: Record<string, string> }> };
    for (const name of ['directDebitMandates', 'directDebitCollections', 'directDebitClaims', 'operations']) {
      for (const row of file[name] as Record<string, unknown>[]) {
        for (const key of Object.keys(row))
          expect(sections[name]?.fields, `${name}.${key}`).toHaveProperty([key]);
      }
    }
  });
});
