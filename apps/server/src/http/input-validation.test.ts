// Bad input is a 400 problem with a French reason, never a 500: a NUL character in any text
// (PostgreSQL text cannot hold one) and cursors carrying numbers out of range.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORBIDDEN_CHARACTER_MESSAGE } from '@comptoir/contracts';
import { makeTestContext, MUTATION, type TestContext } from '../testing/test-context.ts';
import { makeCustomer, signIn as signInCustomer } from '../testing/customers.ts';
import {
  newOperator,
  signIn as signInOperator,
  withOperator,
} from '../modules/operators/__tests__/testing.ts';
import { jar, newApplicant, startOnboarding } from '../modules/onboarding/__tests__/testing.ts';

let t: TestContext;
let customerCookie: string;
let accountId: string;
let operator: Record<string, string>;

beforeAll(async () => {
  t = await makeTestContext({ rateLimits: false });
  customerCookie = await signInCustomer(t.app, await makeCustomer(t.ctx));
  const accounts = await t.app.inject({ url: '/api/accounts', headers: { cookie: customerCookie } });
  accountId = accounts.json<{ id: string }[]>()[0]!.id;
  operator = withOperator(await signInOperator(t, await newOperator(t, 'admin')));
});

afterAll(async () => {
  await t.close();
});

const NUL = 'a\u0000b';

function expectRefused(
  res: { statusCode: number; json: () => unknown },
  detail: RegExp,
  code = 'validation_failed',
) {
  expect(res.statusCode).toBe(400);
  expect(res.json()).toMatchObject({ code, detail: expect.stringMatching(detail) });
}

describe('a NUL character in a text', () => {
  const refusesNul = (res: { statusCode: number; json: () => unknown }) =>
    expectRefused(res, new RegExp(FORBIDDEN_CHARACTER_MESSAGE));

  it('is refused in the login e-mail (customer and operator)', async () => {
    for (const url of ['/api/auth/login', '/api/backoffice/auth/login']) {
      refusesNul(
        await t.app.inject({
          method: 'POST',
          url,
          headers: MUTATION,
          payload: { email: NUL, password: 'x' },
        }),
      );
    }
  });

  it('is refused in the contact form', async () => {
    const payload = {
      name: 'Camille',
      company: NUL,
      email: 'camille@exemple.test',
      message: 'Bonjour',
      consent: true,
      fillTimeMs: 5_000,
    };
    refusesNul(await t.app.inject({ method: 'POST', url: '/api/contact', headers: MUTATION, payload }));
  });

  it('is refused in the onboarding steps', async () => {
    const start = { country: 'FR', income: '1500_3000', profession: NUL };
    refusesNul(
      await t.app.inject({ method: 'POST', url: '/api/onboarding', headers: MUTATION, payload: start }),
    );
    const app = await startOnboarding(t);
    refusesNul(
      await t.app.inject({
        method: 'PATCH',
        url: '/api/onboarding',
        headers: MUTATION,
        cookies: jar({ app }),
        payload: { email: `c${NUL}@exemple.test` },
      }),
    );
  });

  it('is refused in the back-office search and the transactions search', async () => {
    refusesNul(await t.app.inject({ url: '/api/backoffice/customers?q=a%00b', cookies: operator }));
    refusesNul(await t.app.inject({ url: '/api/backoffice/audit-log?action=a%00b', cookies: operator }));
    refusesNul(
      await t.app.inject({
        url: `/api/accounts/${accountId}/transactions?q=a%00b`,
        headers: { cookie: customerCookie },
      }),
    );
  });

  it('is refused by the sandbox mailbox', async () => {
    refusesNul(await t.app.inject({ url: '/dev/mailbox.json?to=a%00b' }));
  });
});

describe('a lone surrogate in a text (stored in JSON columns: idempotency records, audit details)', () => {
  const refused = (res: { statusCode: number; json: () => unknown }) =>
    expectRefused(res, new RegExp(FORBIDDEN_CHARACTER_MESSAGE));

  it('is refused in a sandbox transfer and in a review decision', async () => {
    const accounts = await t.app.inject({ url: '/api/accounts', headers: { cookie: customerCookie } });
    const transfer = {
      iban: accounts.json<{ iban: string }[]>()[0]!.iban,
      amount: 100,
      debtorName: 'Jean \ud800',
      debtorIban: 'FR7630006000011234567890189',
    };
    refused(
      await t.app.inject({
        method: 'POST',
        url: '/api/sandbox/incoming-transfers',
        headers: { ...MUTATION, 'idempotency-key': `surrogate-${Date.now()}` },
        cookies: operator,
        payload: JSON.stringify(transfer),
      }),
    );
    const applicant = await newApplicant(t);
    refused(
      await t.app.inject({
        method: 'POST',
        url: `/api/backoffice/customers/${applicant.id}/reject`,
        headers: MUTATION,
        cookies: operator,
        payload: JSON.stringify({ reason: 'Illisible \udc00' }),
      }),
    );
  });
});

describe('a pagination cursor out of range', () => {
  const cursor = (text: string) => Buffer.from(text).toString('base64url');
  const zero = '00000000-0000-0000-0000-000000000000';

  it('is refused by the customers table (19 digits do not fit a bigint)', async () => {
    for (const digits of ['9'.repeat(19), `-${'9'.repeat(19)}`]) {
      const res = await t.app.inject({
        url: `/api/backoffice/customers?cursor=${cursor(`c:3:${digits}:${zero}`)}`,
        cookies: operator,
      });
      expectRefused(res, /Curseur de pagination invalide/, 'pagination_cursor_invalid');
    }
  });

  it('is refused by the other lists', async () => {
    const lists = [
      { url: `/api/accounts/${accountId}/transactions`, prefix: 'e', headers: { cookie: customerCookie } },
      { url: '/api/backoffice/audit-log', prefix: 'a', cookies: operator },
      { url: '/api/backoffice/contact-messages', prefix: 'c', cookies: operator },
    ];
    for (const { url, prefix, ...who } of lists) {
      const res = await t.app.inject({
        url: `${url}?cursor=${cursor(`${prefix}:${'9'.repeat(19)}`)}`,
        ...who,
      });
      expectRefused(res, /Curseur de pagination invalide/, 'pagination_cursor_invalid');
    }
  });
});
