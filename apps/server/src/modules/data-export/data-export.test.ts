import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCA_TOKEN_HEADER, type CardDetails } from '@comptoir/contracts';
import { tokenHash } from '../../crypto/seal.ts';
import { glAccount, importPostedHistory } from '../../ledger/index.ts';
import { CUSTOMER_COOKIE } from '../../http/cookies.ts';
import { makeTestContext, type TestContext } from '../../testing/test-context.ts';
import { customerCall } from '../../testing/customer-call.ts';
import { signIn } from '../../testing/customers.ts';
import { createCardFor, revealFor } from '../cards/__tests__/testing.ts';
import { enrolTotpFactor } from '../../testing/second-factor.ts';
import { grantScaToken } from '../sca/__tests__/testing.ts';
import { payee, sendTransfer, signedIn, transferToken } from '../transfers/__tests__/testing.ts';
import { OPERATIONS_PAGE } from './export-service.ts';
import { EXPORT_README } from './readme.ts';
import { DATA_EXPORT_LIMIT } from './routes.ts';

let t: TestContext;
beforeAll(async () => {
  t = await makeTestContext({ rateLimits: false });
});
afterAll(() => t.close());

/** A customer with history: funds, an Espace, a payee and a transfer, a card, a message, a factor. */
async function customerWithHistory(who: {
  firstName: string;
  lastName: string;
  payee: string;
  iban: string;
}) {
  const p = await signedIn(t.ctx, t.app, 100_000, { firstName: who.firstName, lastName: who.lastName });
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) =>
    customerCall(t.app, method, url, p.cookie, body);
  const beneficiary = await payee(t.ctx, p.customer.id, { name: who.payee, iban: who.iban });
  const amount = 1_234 + Math.floor(Math.random() * 1000);
  const sent = await sendTransfer(
    t.app,
    p.cookie,
    { accountId: String(p.account.id), beneficiaryId: beneficiary.id, amount, type: 'instant' },
    { sca: await transferToken(t.ctx, p.customer.id, amount, beneficiary) },
  );
  expect(sent.statusCode).toBeLessThan(300);
  const space = await call('POST', '/api/spaces', { name: `Vacances ${who.lastName}` });
  expect(space.statusCode).toBeLessThan(300);
  const card = await createCardFor(t.app, p.cookie);
  const revealed = await revealFor(t.ctx, t.app, p.customer.id, p.cookie, card.id);
  const secrets = revealed.json<CardDetails>();
  expect((await call('POST', '/api/messages', { body: `Bonjour, ici ${who.firstName}.` })).statusCode).toBe(
    201,
  );
  expect(
    (
      await call('PUT', '/api/me/notification-preferences', {
        emailOnCredit: true,
        emailOnCardPayment: false,
      })
    ).statusCode,
  ).toBe(200);
  const { secret: totpSecret } = await enrolTotpFactor(t.app, t.clock, p.cookie);
  return {
    ...p,
    beneficiary,
    amount,
    transferId: sent.json<{ id: string }>().id,
    card,
    pan: secrets.pan,
    cvv: secrets.cvv,
    totpSecret,
  };
}

const exportFor = async (customerId: string, cookie: string, token?: string) =>
  customerCall(
    t.app,
    'GET',
    '/api/me/data-export',
    cookie,
    undefined,
    token === undefined
      ? { [SCA_TOKEN_HEADER]: await grantScaToken(t.ctx, customerId, 'data_export', {}) }
      : token === ''
        ? {}
        : { [SCA_TOKEN_HEADER]: token },
  );

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Every key and every scalar value of a JSON document, however deep. */
function walk(value: Json, visit: (key: string | null, leaf: Json) => void, key: string | null = null): void {
  if (Array.isArray(value)) value.forEach((v) => walk(v, visit, key));
  else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      visit(k, null);
      walk(v, visit, k);
    }
  } else visit(key, value);
}

describe('GET /api/me/data-export', () => {
  it('gives customer A their own history with a README, nothing of customer B and no secret', async () => {
    const a = await customerWithHistory({
      firstName: 'Aurélie',
      lastName: 'Alvarez',
      payee: 'Anton Abendroth',
      iban: 'DE55370400440532014000',
    });
    const b = await customerWithHistory({
      firstName: 'Bertille',
      lastName: 'Bouchard',
      payee: 'Bruno Bergmann',
      iban: 'DE71370400440532014003',
    });

    const pushEndpoint = `https://fcm.googleapis.com/fcm/send/${a.customer.id}`;
    await t.ctx.db.query(
      `insert into push_subscriptions (customer_id, endpoint, p256dh, auth, created_at)
       values ($1, $2, 'cle-publique-du-navigateur', 'secret-du-navigateur', now())`,
      [a.customer.id, pushEndpoint],
    );

    const res = await exportFor(a.customer.id, a.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="comptoir-mes-donnees-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const file = res.json<Record<string, Json>>();
    const text = res.body;

    // A's own data.
    expect(file.readme).toEqual(JSON.parse(JSON.stringify(EXPORT_README)));
    expect(file.profile).toMatchObject({
      email: a.customer.email,
      firstName: 'Aurélie',
      lastName: 'Alvarez',
    });
    const operations = file.operations as { amount: number; accountIban: string | null }[];
    expect(operations.map((o) => o.amount)).toEqual(expect.arrayContaining([100_000, -a.amount]));
    expect(operations.every((o) => o.accountIban === a.account.iban)).toBe(true);
    expect(file.beneficiaries).toEqual([
      expect.objectContaining({ id: a.beneficiary.id, name: 'Anton Abendroth', iban: a.beneficiary.iban }),
    ]);
    expect(file.transfers).toEqual([expect.objectContaining({ id: a.transferId, amount: a.amount })]);
    expect(file.cards).toEqual([expect.objectContaining({ id: a.card.id, last4: a.pan.slice(-4) })]);
    expect(file.accounts).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'customer_main',
          iban: a.account.iban,
          postedBalance: 100_000 - a.amount,
        }),
        expect.objectContaining({ kind: 'customer_sub', name: 'Vacances Alvarez' }),
      ]),
    );
    expect(file.messages).toEqual([expect.objectContaining({ body: 'Bonjour, ici Aurélie.' })]);
    expect(file.secondFactors).toEqual([expect.objectContaining({ type: 'totp' })]);
    expect(file.consents).toEqual({
      notificationPreferences: expect.objectContaining({ emailOnCredit: true, emailOnCardPayment: false }),
      pushDevices: [
        {
          endpoint: pushEndpoint,
          showAmounts: false,
          createdAt: expect.any(String) as unknown,
          lastSuccessAt: null,
        },
      ],
    });
    expect(text).not.toContain('secret-du-navigateur');
    expect((file.sessions as unknown[]).length).toBeGreaterThan(0);
    expect(file.generatedAt).toBe(t.clock.now().toISOString());

    // Every field of every row is described in the README.
    const sections = EXPORT_README.sections as Record<string, { fields: Record<string, string> }>;
    for (const [name, rows] of Object.entries(file)) {
      if (!Array.isArray(rows)) continue;
      for (const row of rows as Record<string, Json>[]) {
        for (const key of Object.keys(row))
          expect(sections[name]?.fields, `${name}.${key}`).toHaveProperty([key]);
      }
    }

    // Nothing of B's, anywhere.
    const { rows: bAccounts } = await t.ctx.db.query<{ id: bigint }>(
      'select id from ledger_accounts where customer_id = $1',
      [b.customer.id],
    );
    for (const needle of [
      b.customer.id,
      b.customer.email,
      b.account.iban ?? 'no iban',
      'Bertille',
      'Bouchard',
      'Bruno Bergmann',
      b.beneficiary.id,
      b.beneficiary.iban,
      b.transferId,
      b.card.id,
      b.pan,
    ]) {
      expect(text.toLowerCase(), needle).not.toContain(needle.toLowerCase());
    }
    const accountIds = new Set((file.accounts as { id: string }[]).map((x) => x.id));
    for (const { id } of bAccounts) expect(accountIds.has(String(id))).toBe(false);
    for (const o of file.operations as { accountId: string }[])
      expect(accountIds.has(o.accountId)).toBe(true);

    // No secret: card number and CVV, TOTP secret, session token and its hash, password hash,
    // sealed values and fingerprints.
    const sessionToken = a.cookie.slice(`${CUSTOMER_COOKIE}=`.length);
    const { rows: stored } = await t.ctx.db.query<Record<string, string | null>>(
      `select c.password_hash, c.tax_id_sealed, k.pan_sealed, k.cvv_sealed, k.pan_fingerprint, k.cvv_mac,
              f.totp_secret_sealed
         from customers c join cards k on k.customer_id = c.id join sca_factors f on f.customer_id = c.id
        where c.id = $1`,
      [a.customer.id],
    );
    const forbidden = [
      a.pan,
      a.pan.replace(/\s/g, ''),
      a.totpSecret,
      sessionToken,
      tokenHash(sessionToken),
      ...Object.values(stored[0] ?? {}).filter((v): v is string => typeof v === 'string'),
    ];
    expect(forbidden.length).toBeGreaterThan(6);
    for (const secret of forbidden) expect(text).not.toContain(secret);
    walk(file, (key, leaf) => {
      if (key !== null && leaf === null) {
        expect(key).not.toMatch(/pan|cvv|secret|token|hash|password|public.?key|credential|sealed/i);
      }
      if (typeof leaf === 'string' || typeof leaf === 'number') {
        expect(String(leaf)).not.toBe(a.cvv);
        expect(String(leaf).replace(/\s/g, '')).not.toContain(a.pan.replace(/\s/g, ''));
      }
    });
  });

  it('streams a history longer than a page: every posting once, oldest first', async () => {
    const a = await signedIn(t.ctx, t.app, 0);
    const count = 2 * OPERATIONS_PAGE + 201;
    const start = Date.parse('2024-01-01T08:00:00Z');
    await t.ctx.db.tx(async (q) =>
      importPostedHistory(
        q,
        a.account.id,
        (await glAccount(q, 'gl:sepa-clearing')).id,
        Array.from({ length: count }, (_, i) => ({
          at: new Date(start + i * 3_600_000),
          amount: BigInt(i % 2 === 0 ? 1_000 + i : -(500 + i)),
          kind: 'transfer' as const,
          counterpartyName: `Contrepartie ${i}`,
        })),
      ),
    );
    const res = await exportFor(a.customer.id, a.cookie);
    expect(res.statusCode).toBe(200);
    const operations = res.json<{
      operations: { postingId: number; entryId: number; counterpartyName: string }[];
    }>().operations;
    expect(operations).toHaveLength(count);
    expect(new Set(operations.map((o) => o.postingId)).size).toBe(count);
    expect(operations.map((o) => o.counterpartyName)).toEqual(
      Array.from({ length: count }, (_, i) => `Contrepartie ${i}`),
    );
  });

  it('without a strong authentication for `data_export`: 401 sca_required', async () => {
    const a = await signedIn(t.ctx, t.app, 0);
    const none = await exportFor(a.customer.id, a.cookie, '');
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ code: 'sca_required' });
    const other = await grantScaToken(t.ctx, a.customer.id, 'card_reveal', { cardId: a.customer.id });
    const wrong = await exportFor(a.customer.id, a.cookie, other);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ code: 'sca_required' });
    // A token is used once.
    const token = await grantScaToken(t.ctx, a.customer.id, 'data_export', {});
    expect((await exportFor(a.customer.id, a.cookie, token)).statusCode).toBe(200);
    expect((await exportFor(a.customer.id, a.cookie, token)).statusCode).toBe(401);
  });

  it('refuses a signed-out caller', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/me/data-export' });
    expect(res.statusCode).toBe(401);
  });
});

describe('exports are limited per customer', () => {
  it(`the ${DATA_EXPORT_LIMIT.max + 1}th in an hour answers 429 in French, whatever the session`, async () => {
    const limited = await makeTestContext({ rateLimits: true }, { db: t.ctx.db });
    try {
      const a = await signedIn(limited.ctx, limited.app, 0);
      const get = async (cookie: string) =>
        customerCall(limited.app, 'GET', '/api/me/data-export', cookie, undefined, {
          [SCA_TOKEN_HEADER]: await grantScaToken(limited.ctx, a.customer.id, 'data_export', {}),
        });
      for (let i = 0; i < DATA_EXPORT_LIMIT.max; i++) expect((await get(a.cookie)).statusCode).toBe(200);
      const again = await get(await signIn(limited.app, a.customer));
      expect(again.statusCode).toBe(429);
      expect(again.json()).toMatchObject({
        code: 'rate_limited',
        detail: expect.stringMatching(/Réessayez/),
      });

      const b = await signedIn(limited.ctx, limited.app, 0);
      const hers = await customerCall(limited.app, 'GET', '/api/me/data-export', b.cookie, undefined, {
        [SCA_TOKEN_HEADER]: await grantScaToken(limited.ctx, b.customer.id, 'data_export', {}),
      });
      expect(hers.statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
