import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { addDays, parisDate } from '@comptoir/core';
import {
  psd2PaymentScaDetails,
  SCA_TOKEN_HEADER,
  type Operation,
  type Psd2Authorisation,
  type Psd2PaymentTerms,
} from '@comptoir/contracts';
import { makeTestContext, type TestContext } from '../../testing/test-context.ts';
import { customerCall } from '../../testing/customer-call.ts';
import { signIn } from '../../testing/customers.ts';
import { insertCustomerFreeze } from '../../testing/asset-freezes.ts';
import { move } from '../../testing/ledger-fixtures.ts';
import { glAccount, postEntry, verifyLedger } from '../../ledger/index.ts';
import { grantScaToken } from '../sca/__tests__/testing.ts';
import { executeDueTransfers } from '../transfers/index.ts';
import { compareTimings, timePairs } from '../../testing/timing-stats.ts';
import { announceDecoupledAuthorisations } from './decoupled-announce-service.ts';
import {
  customerWithHistory,
  makeTpp,
  PRESENT,
  REDIRECT,
  tppCall,
  type Holder,
  type TestTpp,
} from './__tests__/testing.ts';

let t: TestContext;
let pis: TestTpp;
beforeAll(async () => {
  // The sandbox's authority is one row sealed under this context's master key: a database of its own.
  t = await makeTestContext({ rateLimits: false, trustProxy: ['127.0.0.1'] }, { ownDatabase: true });
  pis = await makeTpp(t.ctx, ['PSP_PI'], 'PSDFR-ACPR-PAY001', 'Paiement Express');
});
afterAll(() => t.close());

const code = (body: string) => (JSON.parse(body) as { tppMessages: { code: string }[] }).tppMessages[0]?.code;
/** An IBAN of another bank whose instant scheme settles, and whose holder Verification of Payee knows. */
const ERIKA = { iban: 'DE55370400440532014000', name: 'Erika Mustermann' };
/** One whose instant scheme rejects the payment (AC04, account closed). */
const JONAS = { iban: 'DE28370400440532014001', name: 'Jonas Becker' };

async function funded(amount = 50_000n): Promise<Holder> {
  const holder = await customerWithHistory(t);
  await t.ctx.db.tx(async (q) =>
    postEntry(q, move(await glAccount(q, 'gl:sepa-clearing'), { id: holder.account.ledgerId }, amount)),
  );
  return holder;
}

const paymentBody = (
  holder: Holder,
  options: { amount?: string; payee?: typeof ERIKA; date?: string } = {},
) => ({
  debtorAccount: { iban: holder.account.iban, currency: 'EUR' },
  instructedAmount: { currency: 'EUR', amount: options.amount ?? '25.50' },
  creditorAccount: { iban: (options.payee ?? ERIKA).iban, currency: 'EUR' },
  creditorName: (options.payee ?? ERIKA).name,
  remittanceInformationUnstructured: 'Commande 4521',
  ...(options.date ? { requestedExecutionDate: options.date } : {}),
});

async function initiate(
  body: object,
  options: { product?: string; requestId?: string; headers?: Record<string, string>; tpp?: TestTpp } = {},
) {
  return tppCall(
    t.app,
    options.tpp ?? pis,
    'POST',
    `/payments/${options.product ?? 'instant-sepa-credit-transfers'}`,
    {
      body,
      headers: {
        ...REDIRECT,
        ...PRESENT,
        'x-request-id': options.requestId ?? randomUUID(),
        ...options.headers,
      },
    },
  );
}

interface Initiated {
  paymentId: string;
  transactionStatus: string;
  _links: {
    scaRedirect: { href: string };
    status: { href: string };
    self: { href: string };
    scaStatus: { href: string };
  };
}
const authorisationOf = (p: Initiated) => p._links.scaRedirect.href.split('/').at(-1) ?? '';

/** The customer approves the payment from its account, with a strong authentication bound to its terms. */
async function approvePayment(holder: Holder, authorisationId: string, terms?: Psd2PaymentTerms) {
  const view = await customerCall(t.app, 'GET', `/api/psd2/authorisations/${authorisationId}`, holder.cookie);
  const payment = terms ?? (view.json<Psd2Authorisation>().payment as Psd2PaymentTerms);
  const token = await grantScaToken(
    t.ctx,
    holder.customer.id,
    'psd2_payment',
    psd2PaymentScaDetails(authorisationId, holder.account.id, payment),
  );
  return customerCall(
    t.app,
    'POST',
    `/api/psd2/authorisations/${authorisationId}/approve`,
    holder.cookie,
    { accountIds: [holder.account.id] },
    { [SCA_TOKEN_HEADER]: token },
  );
}

const status = async (p: Initiated, tpp = pis) => {
  const r = await tppCall(t.app, tpp, 'GET', p._links.status.href.replace('/psd2/v1', ''));
  expect(r.statusCode, r.body).toBe(200);
  return r.json<{ transactionStatus: string; psuMessage?: string }>();
};

const operations = async (holder: Holder) =>
  (await customerCall(t.app, 'GET', `/api/accounts/${holder.account.id}/transactions`, holder.cookie)).json<{
    items: Operation[];
  }>().items;

const transfersOf = async (holder: Holder) =>
  (
    await t.ctx.db.query<{ n: string }>('select count(*)::text as n from transfers where customer_id = $1', [
      holder.customer.id,
    ])
  ).rows[0]?.n;

describe('a TPP initiates a payment, the customer approves it', () => {
  it('an instant payment: RCVD, then the customer sees the TPP, the amount, the payee checked by Verification of Payee, approves with SCA, and it settles (ACSC), « via » the TPP', async () => {
    const holder = await funded();
    const r = await initiate(paymentBody(holder));
    expect(r.statusCode, r.body).toBe(201);
    expect(r.headers['aspsp-sca-approach']).toBe('REDIRECT');
    const created = r.json<Initiated>();
    expect(created.transactionStatus).toBe('RCVD');
    expect(created._links.scaRedirect.href).toBe(
      `${t.ctx.config.publicUrl}/psd2/autorisation/${authorisationOf(created)}`,
    );

    const view = await customerCall(
      t.app,
      'GET',
      `/api/psd2/authorisations/${authorisationOf(created)}`,
      holder.cookie,
    );
    expect(view.statusCode, view.body).toBe(200);
    const asked = view.json<Psd2Authorisation>();
    expect(asked).toMatchObject({
      tpp: { name: 'Paiement Express', organisationId: 'PSDFR-ACPR-PAY001' },
      consent: null,
      decoupled: false,
      payment: {
        product: 'instant-sepa-credit-transfers',
        amount: 2550,
        creditorName: ERIKA.name,
        creditorIban: ERIKA.iban,
        reference: 'Commande 4521',
        executionDate: null,
        verification: { result: 'match', reportedForFraud: false },
      },
      accounts: [{ id: holder.account.id, iban: holder.account.iban, requested: true }],
    });

    const approved = await approvePayment(holder, authorisationOf(created));
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toEqual({
      status: 'finalised',
      redirectUri: REDIRECT['tpp-redirect-uri'],
      paymentStatus: 'ACSC',
    });
    expect(await status(created)).toEqual({ transactionStatus: 'ACSC' });

    const [operation] = await operations(holder);
    expect(operation).toMatchObject({
      amount: -2550,
      counterpartyName: ERIKA.name,
      initiatedVia: 'Paiement Express',
    });
    const read = await tppCall(
      t.app,
      pis,
      'GET',
      `/payments/instant-sepa-credit-transfers/${created.paymentId}`,
    );
    expect(read.json()).toMatchObject({
      instructedAmount: { currency: 'EUR', amount: '25.50' },
      creditorName: ERIKA.name,
      transactionStatus: 'ACSC',
    });
  });

  it('the same X-Request-ID with the same body is the same payment, settled once even when both requests arrive together; another body with that id is refused', async () => {
    const holder = await funded();
    const requestId = randomUUID();
    const body = paymentBody(holder, { amount: '40.00' });
    const [first, second] = await Promise.all([initiate(body, { requestId }), initiate(body, { requestId })]);
    expect([first.statusCode, second.statusCode], first.body + second.body).toEqual([201, 201]);
    const a = first.json<Initiated>();
    expect(second.json<Initiated>().paymentId).toBe(a.paymentId);
    const third = await initiate(body, { requestId });
    expect(third.json<Initiated>()).toEqual(a);

    const other = await initiate(
      { ...body, instructedAmount: { currency: 'EUR', amount: '41.00' } },
      { requestId },
    );
    expect([other.statusCode, code(other.body)]).toEqual([400, 'FORMAT_ERROR']);

    const [one, two] = await Promise.all([
      approvePayment(holder, authorisationOf(a)),
      approvePayment(holder, authorisationOf(a)),
    ]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([200, 409]);
    expect(await transfersOf(holder)).toBe('1');
    expect((await operations(holder)).filter((o) => o.amount === -4000)).toHaveLength(1);
    expect(await verifyLedger(t.ctx.db)).toEqual([]);
  });

  it('the strong authentication is bound to the payment: a token for another amount, payee or account is refused', async () => {
    const holder = await funded();
    const created = (await initiate(paymentBody(holder))).json<Initiated>();
    const view = (
      await customerCall(t.app, 'GET', `/api/psd2/authorisations/${authorisationOf(created)}`, holder.cookie)
    ).json<Psd2Authorisation>();
    const payment = view.payment as Psd2PaymentTerms;
    for (const forged of [
      { ...payment, amount: 2549 },
      { ...payment, creditorIban: JONAS.iban },
      { ...payment, product: 'sepa-credit-transfers' as const },
    ]) {
      const r = await approvePayment(holder, authorisationOf(created), forged);
      expect([r.statusCode, r.json<{ code: string }>().code]).toEqual([401, 'sca_required']);
    }
    expect(await status(created)).toEqual({ transactionStatus: 'RCVD' });
  });

  it('every rule of the customer’s own transfers applies: short of funds or under an asset freeze the approval is refused as theirs would be, and the payment waits', async () => {
    const poor = await funded(1_000n);
    const created = (await initiate(paymentBody(poor))).json<Initiated>();
    const refused = await approvePayment(poor, authorisationOf(created));
    expect([refused.statusCode, refused.json<{ code: string }>().code]).toEqual([422, 'insufficient_funds']);
    expect(await status(created)).toEqual({ transactionStatus: 'RCVD' });

    const frozen = await funded();
    await insertCustomerFreeze(t.ctx.db, frozen.customer.id, { at: t.clock.now() });
    const held = (await initiate(paymentBody(frozen))).json<Initiated>();
    const r = await approvePayment(frozen, authorisationOf(held));
    expect(r.json<{ code: string }>().code).toBe('account_frozen');
    expect(await transfersOf(frozen)).toBe('0');
  });

  it('the payee’s bank rejects an instant payment: RJCT with its reason, the money back', async () => {
    const holder = await funded();
    const created = (await initiate(paymentBody(holder, { payee: JONAS }))).json<Initiated>();
    const approved = await approvePayment(holder, authorisationOf(created));
    expect(approved.json()).toMatchObject({ status: 'finalised', paymentStatus: 'RJCT' });
    const now = await status(created);
    expect(now.transactionStatus).toBe('RJCT');
    expect(now.psuMessage).toContain('AC04');
    const account = await t.ctx.db.query<{ posted_balance: string; pending_debits: string }>(
      'select posted_balance::text, pending_debits::text from ledger_accounts where id = $1',
      [String(holder.account.ledgerId)],
    );
    expect(account.rows[0]).toEqual({ posted_balance: '50000', pending_debits: '0' });
  });

  it('refused by the customer, or left past its 15 minutes: RJCT, and it can no longer be approved', async () => {
    const holder = await funded();
    const refused = (await initiate(paymentBody(holder))).json<Initiated>();
    const deny = await customerCall(
      t.app,
      'POST',
      `/api/psd2/authorisations/${authorisationOf(refused)}/deny`,
      holder.cookie,
    );
    expect(deny.json()).toEqual({
      status: 'failed',
      redirectUri: REDIRECT['tpp-nok-redirect-uri'],
      paymentStatus: 'RJCT',
    });
    expect(await status(refused)).toEqual({
      transactionStatus: 'RJCT',
      psuMessage: 'Le client a refusé le paiement.',
    });

    const lapsed = (await initiate(paymentBody(holder))).json<Initiated>();
    const terms = (
      await customerCall(t.app, 'GET', `/api/psd2/authorisations/${authorisationOf(lapsed)}`, holder.cookie)
    ).json<Psd2Authorisation>().payment as Psd2PaymentTerms;
    t.clock.advance(15 * 60_000);
    expect((await status(lapsed)).transactionStatus).toBe('RJCT');
    // Signed in again: the session lapsed with the quarter of an hour.
    const back = { ...holder, cookie: await signIn(t.app, holder.customer) };
    const late = await approvePayment(back, authorisationOf(lapsed), terms);
    expect([late.statusCode, late.json<{ code: string }>().code]).toEqual([409, 'psd2_authorisation_closed']);
    expect(await transfersOf(holder)).toBe('0');
  });

  it('a SEPA payment dated ahead is ACTC until its day; the TPP may cancel it then (CANC, nothing debited), but not an instant one already settled', async () => {
    const holder = await funded();
    const day = addDays(parisDate(t.clock.now()), 20);
    const created = (
      await initiate(paymentBody(holder, { date: day }), { product: 'sepa-credit-transfers' })
    ).json<Initiated>();
    const approved = await approvePayment(holder, authorisationOf(created));
    expect(approved.json()).toMatchObject({ paymentStatus: 'ACTC' });
    const cancel = await tppCall(
      t.app,
      pis,
      'DELETE',
      `/payments/sepa-credit-transfers/${created.paymentId}`,
    );
    expect(cancel.statusCode, cancel.body).toBe(204);
    expect((await status(created)).transactionStatus).toBe('CANC');
    const again = await tppCall(t.app, pis, 'DELETE', `/payments/sepa-credit-transfers/${created.paymentId}`);
    expect([again.statusCode, code(again.body)]).toEqual([405, 'CANCELLATION_INVALID']);

    const instant = (await initiate(paymentBody(holder))).json<Initiated>();
    await approvePayment(holder, authorisationOf(instant));
    const late = await tppCall(
      t.app,
      pis,
      'DELETE',
      `/payments/instant-sepa-credit-transfers/${instant.paymentId}`,
    );
    expect([late.statusCode, code(late.body)]).toEqual([405, 'CANCELLATION_INVALID']);
  });

  it('a TPP that cancels before the customer decided closes the request: the customer can no longer approve it', async () => {
    const holder = await funded();
    const created = (await initiate(paymentBody(holder))).json<Initiated>();
    const cancel = await tppCall(
      t.app,
      pis,
      'DELETE',
      `/payments/instant-sepa-credit-transfers/${created.paymentId}`,
    );
    expect(cancel.statusCode).toBe(204);
    const r = await approvePayment(holder, authorisationOf(created));
    expect(r.json<{ code: string }>().code).toBe('psd2_authorisation_closed');
    expect((await status(created)).transactionStatus).toBe('CANC');
  });

  it('a standard SEPA payment is reserved at once (ACSP) and booked on the next business day (ACSC)', async () => {
    const holder = await funded();
    const created = (
      await initiate(paymentBody(holder), { product: 'sepa-credit-transfers' })
    ).json<Initiated>();
    expect((await approvePayment(holder, authorisationOf(created))).json()).toMatchObject({
      paymentStatus: 'ACSP',
    });
    for (let i = 0; i < 4 && (await status(created)).transactionStatus === 'ACSP'; i++) {
      t.clock.advance(86_400_000);
      await executeDueTransfers(t.ctx);
    }
    expect(await status(created)).toEqual({ transactionStatus: 'ACSC' });
    const back = { ...holder, cookie: await signIn(t.app, holder.customer) };
    expect((await operations(back))[0]).toMatchObject({
      status: 'posted',
      initiatedVia: 'Paiement Express',
    });
    expect(await verifyLedger(t.ctx.db)).toEqual([]);
  });
});

describe('what a TPP may not do', () => {
  it('without the PSP_PI role, with an unknown product, a malformed body, a date on an instant payment or a past one, or without PSU-IP-Address', async () => {
    const holder = await funded();
    const ais = await makeTpp(t.ctx, ['PSP_AI']);
    const noRole = await initiate(paymentBody(holder), { tpp: ais });
    expect([noRole.statusCode, code(noRole.body)]).toEqual([401, 'ROLE_INVALID']);
    const product = await initiate(paymentBody(holder), { product: 'target-2-payments' });
    expect([product.statusCode, code(product.body)]).toEqual([404, 'PRODUCT_UNKNOWN']);
    for (const body of [
      { ...paymentBody(holder), creditorAccount: { iban: 'FR7630006000011234567890188' } },
      { ...paymentBody(holder), instructedAmount: { currency: 'EUR', amount: '0.00' } },
      { ...paymentBody(holder), instructedAmount: { currency: 'USD', amount: '1.00' } },
      { ...paymentBody(holder), instructedAmount: { currency: 'EUR', amount: '1.005' } },
      { ...paymentBody(holder), creditorName: '' },
    ]) {
      const r = await initiate(body);
      expect([r.statusCode, code(r.body)], JSON.stringify(body)).toEqual([400, 'FORMAT_ERROR']);
    }
    const tomorrow = addDays(parisDate(t.clock.now()), 1);
    const dated = await initiate(paymentBody(holder, { date: tomorrow }));
    expect([dated.statusCode, code(dated.body)]).toEqual([400, 'EXECUTION_DATE_INVALID']);
    const past = await initiate(paymentBody(holder, { date: addDays(parisDate(t.clock.now()), -1) }), {
      product: 'sepa-credit-transfers',
    });
    expect(code(past.body)).toBe('EXECUTION_DATE_INVALID');
    // As for the customer's own transfers: a year ahead at most (TRANSFER_MAX_DAYS_AHEAD).
    const sepa = { product: 'sepa-credit-transfers' };
    const lastDay = await initiate(
      paymentBody(holder, { date: addDays(parisDate(t.clock.now()), 366) }),
      sepa,
    );
    expect(lastDay.statusCode, lastDay.body).toBe(201);
    const tooFar = await initiate(
      paymentBody(holder, { date: addDays(parisDate(t.clock.now()), 367) }),
      sepa,
    );
    expect([tooFar.statusCode, code(tooFar.body)]).toEqual([400, 'EXECUTION_DATE_INVALID']);
    const absent = await tppCall(t.app, pis, 'POST', '/payments/instant-sepa-credit-transfers', {
      body: paymentBody(holder),
      headers: REDIRECT,
    });
    expect([absent.statusCode, code(absent.body)]).toEqual([400, 'FORMAT_ERROR']);
  });

  it('another TPP’s payment, or one asked under another product, is unknown; another customer never sees the request; an IBAN nobody holds answers as any other', async () => {
    const holder = await funded();
    const created = (await initiate(paymentBody(holder))).json<Initiated>();
    const other = await makeTpp(t.ctx, ['PSP_PI']);
    const theirs = await tppCall(
      t.app,
      other,
      'GET',
      `/payments/instant-sepa-credit-transfers/${created.paymentId}`,
    );
    expect([theirs.statusCode, code(theirs.body)]).toEqual([404, 'RESOURCE_UNKNOWN']);
    const product = await tppCall(t.app, pis, 'GET', `/payments/sepa-credit-transfers/${created.paymentId}`);
    expect(code(product.body)).toBe('RESOURCE_UNKNOWN');

    const stranger = await funded();
    const peek = await customerCall(
      t.app,
      'GET',
      `/api/psd2/authorisations/${authorisationOf(created)}`,
      stranger.cookie,
    );
    expect([peek.statusCode, peek.json<{ code: string }>().code]).toEqual([
      404,
      'psd2_authorisation_not_found',
    ]);

    const nobody = await initiate({
      ...paymentBody(holder),
      debtorAccount: { iban: 'LU280019400644750000' },
    });
    expect(nobody.statusCode).toBe(201);
    expect(Object.keys(nobody.json<Initiated>()).sort()).toEqual(Object.keys(created).sort());
  });
});

describe('the decoupled approach: the customer decides in the app', () => {
  const decoupled = (psuId: string) => ({ 'tpp-redirect-preferred': 'false', 'psu-id': psuId });
  const pending = async (holder: Holder) =>
    (await customerCall(t.app, 'GET', '/api/psd2/authorisations', holder.cookie)).json<{ id: string }[]>();
  const published = async (customerId: string) =>
    (
      await t.ctx.db.query<{ payload: { authorisation: { id: string; status: string } } }>(
        `select payload from domain_events where customer_id = $1 and type = 'psd2_authorisation' order by id`,
        [customerId],
      )
    ).rows.map((r) => `${r.payload.authorisation.id}:${r.payload.authorisation.status}`);

  it('the TPP names the customer (PSU-ID, their e-mail in any case): no redirect; the request reaches them in the app and by push, and their decision needs no return to the TPP', async () => {
    const holder = await funded();
    const r = await initiate(paymentBody(holder), {
      headers: decoupled(holder.customer.email.toUpperCase()),
    });
    expect(r.statusCode, r.body).toBe(201);
    expect(r.headers['aspsp-sca-approach']).toBe('DECOUPLED');
    const created = r.json<Initiated & { psuMessage: string }>();
    expect(created._links).not.toHaveProperty('scaRedirect');
    expect(created.psuMessage).toMatch(/application Comptoir/);
    const authorisationId = created._links.scaStatus.href.split('/').at(-1) ?? '';

    // Until the announcing job has run, nobody sees it.
    expect(await pending(holder)).toEqual([]);
    expect(await announceDecoupledAuthorisations(t.ctx)).toBeGreaterThanOrEqual(1);
    expect(await pending(holder)).toEqual([
      expect.objectContaining({
        id: authorisationId,
        kind: 'payment',
        amount: 2550,
        tpp: expect.objectContaining({ name: 'Paiement Express' }),
      }),
    ]);
    expect(await published(holder.customer.id)).toEqual([`${authorisationId}:received`]);
    const kept = await t.ctx.db.query<{ psu_id: string | null; customer_id: string }>(
      'select psu_id, customer_id from psd2_authorisations where id = $1',
      [authorisationId],
    );
    expect(kept.rows[0]).toEqual({ psu_id: null, customer_id: holder.customer.id });

    const view = await customerCall(
      t.app,
      'GET',
      `/api/psd2/authorisations/${authorisationId}`,
      holder.cookie,
    );
    expect(view.json<Psd2Authorisation>()).toMatchObject({ decoupled: true, payment: { amount: 2550 } });
    const approved = await approvePayment(holder, authorisationId);
    expect(approved.json()).toEqual({ status: 'finalised', redirectUri: null, paymentStatus: 'ACSC' });
    expect(await pending(holder)).toEqual([]);
    expect(await published(holder.customer.id)).toEqual([
      `${authorisationId}:received`,
      `${authorisationId}:finalised`,
    ]);
    expect(await status(created)).toEqual({ transactionStatus: 'ACSC' });
  });

  it('a PSU-ID nobody signs in with, or one whose accounts the request does not concern, reaches nobody; the TPP’s answer is the same', async () => {
    const holder = await funded();
    const stranger = await funded();
    const known = await initiate(paymentBody(holder), { headers: decoupled(stranger.customer.email) });
    const unknown = await initiate(paymentBody(holder), { headers: decoupled('personne@example.org') });
    expect([known.statusCode, unknown.statusCode]).toEqual([201, 201]);
    expect(Object.keys(known.json<object>()).sort()).toEqual(Object.keys(unknown.json<object>()).sort());
    await announceDecoupledAuthorisations(t.ctx);
    expect(await pending(stranger)).toEqual([]);
    expect(await pending(holder)).toEqual([]);
    expect(await published(stranger.customer.id)).toEqual([]);
    const id = (r: typeof known) => r.json<Initiated>()._links.scaStatus.href.split('/').at(-1) ?? '';
    const peek = await customerCall(t.app, 'GET', `/api/psd2/authorisations/${id(known)}`, stranger.cookie);
    expect(peek.statusCode).toBe(404);
    // Nor the holder of the account, whom the TPP did not name.
    const holderPeek = await customerCall(
      t.app,
      'GET',
      `/api/psd2/authorisations/${id(unknown)}`,
      holder.cookie,
    );
    expect(holderPeek.statusCode).toBe(404);
    const rows = await t.ctx.db.query<{ psu_id: string | null }>(
      'select psu_id from psd2_authorisations where id = any($1::uuid[])',
      [[id(known), id(unknown)]],
    );
    expect(rows.rows).toEqual([{ psu_id: null }, { psu_id: null }]);
  });

  it('a decoupled request without PSU-ID is malformed; a consent may be asked the same way', async () => {
    const holder = await funded();
    const bare = await initiate(paymentBody(holder), { headers: { 'tpp-redirect-preferred': 'false' } });
    expect([bare.statusCode, code(bare.body)]).toEqual([400, 'FORMAT_ERROR']);

    const ais = await makeTpp(t.ctx, ['PSP_AI']);
    const consent = await tppCall(t.app, ais, 'POST', '/consents', {
      headers: decoupled(holder.customer.email),
      body: {
        access: { allPsd2: 'allAccounts' },
        recurringIndicator: true,
        validUntil: '9999-12-31',
        frequencyPerDay: 4,
      },
    });
    expect(consent.statusCode, consent.body).toBe(201);
    expect(consent.headers['aspsp-sca-approach']).toBe('DECOUPLED');
    await announceDecoupledAuthorisations(t.ctx);
    expect(await pending(holder)).toEqual([expect.objectContaining({ kind: 'consent', amount: null })]);
  });

  it('whether the PSU-ID is a customer’s does not show in how long the TPP waits for the answer', async () => {
    const holder = await funded();
    const body = paymentBody(holder);
    const ask = (psuId: string) => initiate(body, { headers: decoupled(psuId) });
    for (let i = 0; i < 10; i++) await ask(`echauffement-${i}@example.org`);
    const { a, b } = await timePairs(
      150,
      async () => expect((await ask(holder.customer.email)).statusCode).toBe(201),
      async (round) => expect((await ask(`inconnu-${round}@example.org`)).statusCode).toBe(201),
    );
    const result = compareTimings(a, b);
    const figures = `median ${result.medianA.toFixed(2)} ms (a customer) vs ${result.medianB.toFixed(2)} ms (nobody), best single guess ${(result.bestGuess * 100).toFixed(1)} %`;
    console.info(figures);
    expect(result.bestGuess, figures).toBeLessThan(0.62);
  });
});
