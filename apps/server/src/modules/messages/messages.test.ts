import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AdviserOptions,
  MessagesPage,
  MyAdviser,
  Problem,
  SecureMessage,
  UnreadByCustomer,
} from '@comptoir/contracts';
import { makeTestContext, MUTATION, type TestContext } from '../../testing/test-context.ts';
import { makeCustomer, signIn as customerSignIn, type TestCustomer } from '../../testing/customers.ts';
import { mailsTo } from '../../testing/mailbox.ts';
import { listenLive } from '../events/__tests__/testing.ts';
import { newOperator, signIn, withOperator, type TestOperator } from '../operators/__tests__/testing.ts';
import { CUSTOMER_MESSAGE_LIMIT } from './send-customer-message-service.ts';

let t: TestContext;
const ops: Record<'admin' | 'compliance' | 'support', { op: TestOperator; token: string }> = {} as never;

beforeAll(async () => {
  t = await makeTestContext({ rateLimits: false });
  for (const role of ['admin', 'compliance', 'support'] as const) {
    const op = await newOperator(t, role);
    ops[role] = { op, token: await signIn(t, op) };
  }
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT';
const bo = (method: Method, url: string, token: string | null, payload?: object) =>
  t.app.inject({
    method,
    url: `/api/backoffice${url}`,
    headers: method === 'GET' ? {} : MUTATION,
    ...(token ? { cookies: withOperator(token) } : {}),
    ...(method === 'GET' ? {} : { payload: payload ?? {} }),
  });
const me = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers: method === 'GET' ? { cookie } : { ...MUTATION, cookie },
    ...(method === 'GET' ? {} : { payload: payload ?? {} }),
  });

async function customer(): Promise<{ c: TestCustomer; cookie: string }> {
  const c = await makeCustomer(t.ctx);
  return { c, cookie: await customerSignIn(t.app, c) };
}

describe('adviser', () => {
  it('admin and compliance assign an active operator (audited); the customer sees name, e-mail and phone', async () => {
    const { c, cookie } = await customer();
    expect((await me('GET', '/me/adviser', cookie)).json<MyAdviser>()).toEqual({ adviser: null });

    const adviser = ops.compliance.op;
    const put = await bo('PUT', `/customers/${c.id}/adviser`, ops.admin.token, { operatorId: adviser.id });
    expect(put.statusCode).toBe(200);
    expect(put.json<AdviserOptions>().currentId).toBe(adviser.id);
    const seen = (await me('GET', '/me/adviser', cookie)).json<MyAdviser>().adviser;
    expect(seen).toMatchObject({ email: adviser.email, phone: t.ctx.config.institution.phone });

    // An operator's own phone, when set, is the one shown.
    await t.ctx.db.query(`update operators set phone = '+352 26 00 11 22' where id = $1`, [adviser.id]);
    expect((await me('GET', '/me/adviser', cookie)).json<MyAdviser>().adviser?.phone).toBe(
      '+352 26 00 11 22',
    );

    expect(
      (await bo('PUT', `/customers/${c.id}/adviser`, ops.compliance.token, { operatorId: null })).statusCode,
    ).toBe(200);
    expect((await me('GET', '/me/adviser', cookie)).json<MyAdviser>()).toEqual({ adviser: null });

    const { rows } = await t.ctx.db.query<{
      action: string;
      operator_id: string;
      details: { adviserId: string | null };
    }>(`select action, operator_id, details from audit_log where customer_id = $1 order by id`, [c.id]);
    expect(rows.map((r) => [r.action, r.operator_id, r.details.adviserId])).toEqual([
      ['customer.adviser_assigned', ops.admin.op.id, adviser.id],
      ['customer.adviser_assigned', ops.compliance.op.id, null],
    ]);
  });

  it('refuses support (403), a deactivated or unknown operator (400) and an unknown customer (404)', async () => {
    const { c } = await customer();
    const support = await bo('PUT', `/customers/${c.id}/adviser`, ops.support.token, {
      operatorId: ops.admin.op.id,
    });
    expect(support.statusCode).toBe(403);
    expect(support.headers['content-type']).toContain('application/problem+json');
    const gone = await newOperator(t, 'support');
    await t.ctx.db.query(`update operators set disabled_at = now() where id = $1`, [gone.id]);
    for (const operatorId of [gone.id, '00000000-0000-4000-8000-000000000000', 'pas-un-id']) {
      expect(
        (await bo('PUT', `/customers/${c.id}/adviser`, ops.admin.token, { operatorId })).statusCode,
      ).toBe(400);
    }
    const options = (await bo('GET', `/customers/${c.id}/adviser`, ops.support.token)).json<AdviserOptions>();
    expect(options.items.map((o) => o.id)).not.toContain(gone.id);
    expect(options.items.map((o) => o.id)).toContain(ops.support.op.id);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'x']) {
      expect(
        (await bo('PUT', `/customers/${id}/adviser`, ops.admin.token, { operatorId: null })).statusCode,
      ).toBe(404);
    }
  });
});

describe('secure messages', () => {
  it('round trip: any role writes (audited, mail without content, live event), the customer reads and answers', async () => {
    const { c, cookie } = await customer();
    const live = await listenLive(t.ctx.db, c.id);
    try {
      const secret = 'Votre dossier 4242 : merci de nous rappeler au sujet du virement de 12 000 €.';
      for (const role of ['support', 'compliance', 'admin'] as const) {
        const sent = await bo('POST', `/customers/${c.id}/messages`, ops[role].token, {
          body: `  ${secret}  `,
        });
        expect(sent.statusCode, role).toBe(201);
        expect(sent.json<SecureMessage>()).toMatchObject({
          direction: 'bank',
          body: secret,
          author: expect.any(String),
        });
      }
      const events = await live.until(3);
      expect(events.at(-1)).toEqual({ type: 'message', direction: 'bank', unread: 3 });

      const mails = await mailsTo(t.ctx, c.email);
      expect(mails).toHaveLength(3);
      for (const mail of mails) {
        expect(mail.subject).toBe('Vous avez un nouveau message');
        expect(mail.text).toContain('Vous avez un nouveau message.');
        for (const part of ['4242', '12 000', 'rappeler', ops.support.op.email]) {
          expect(mail.text).not.toContain(part);
          expect(mail.html).not.toContain(part);
        }
      }
      const { rows } = await t.ctx.db.query<{ action: string; details: Record<string, unknown> }>(
        `select action, details from audit_log where customer_id = $1 and action = 'customer.message_sent'`,
        [c.id],
      );
      expect(rows).toHaveLength(3);
      expect(JSON.stringify(rows)).not.toContain('4242');

      const thread = (await me('GET', '/messages', cookie)).json<MessagesPage>();
      expect(thread.unread).toBe(3);
      expect(thread.items.map((m) => m.author)).toHaveLength(3);
      expect((await me('POST', '/messages/read', cookie)).json()).toEqual({ unread: 0 });
      expect((await live.until(4)).at(-1)).toEqual({ type: 'message', direction: 'bank', unread: 0 });
      expect((await me('GET', '/messages', cookie)).json<MessagesPage>().unread).toBe(0);

      const answer = await me('POST', '/messages', cookie, { body: 'Bonjour, je vous rappelle demain.' });
      expect(answer.statusCode).toBe(201);
      const unread = (await bo('GET', '/messages/unread', ops.support.token)).json<UnreadByCustomer>();
      expect(unread.items).toContainEqual({ customerId: c.id, unread: 1 });

      const opThread = (
        await bo('GET', `/customers/${c.id}/messages`, ops.support.token)
      ).json<MessagesPage>();
      expect(opThread.items[0]).toMatchObject({
        direction: 'customer',
        body: 'Bonjour, je vous rappelle demain.',
        author: null,
      });
      expect(opThread.items.slice(1).every((m) => m.readAt !== null)).toBe(true);
      const after = (await bo('GET', '/messages/unread', ops.support.token)).json<UnreadByCustomer>();
      expect(after.items.find((i) => i.customerId === c.id)).toBeUndefined();
    } finally {
      live.stop();
    }
  });

  it('validates the body: empty after trim, over 2,000 characters, NUL', async () => {
    const { c, cookie } = await customer();
    for (const body of ['', '   \n ', 'x'.repeat(2001), 'a\u0000b']) {
      const mine = await me('POST', '/messages', cookie, { body });
      expect(mine.statusCode).toBe(400);
      expect(mine.json<Problem>().detail).toMatch(/./);
      expect((await bo('POST', `/customers/${c.id}/messages`, ops.admin.token, { body })).statusCode).toBe(
        400,
      );
    }
    expect((await me('POST', '/messages', cookie, { body: 'é'.repeat(2000) })).statusCode).toBe(201);
    const detail = (await me('POST', '/messages', cookie, { body: '' })).json<Problem>().detail;
    expect(detail).toContain('vide');
  });

  it('pages the thread newest first by cursor and keeps order within one millisecond', async () => {
    const { c, cookie } = await customer();
    for (let i = 0; i < 5; i++) {
      await bo('POST', `/customers/${c.id}/messages`, ops.admin.token, { body: `n°${i}` });
    }
    const first = (await me('GET', '/messages?limit=3', cookie)).json<MessagesPage>();
    expect(first.items.map((m) => m.body)).toEqual(['n°4', 'n°3', 'n°2']);
    const second = (
      await me('GET', `/messages?limit=3&cursor=${first.nextCursor}`, cookie)
    ).json<MessagesPage>();
    expect(second.items.map((m) => m.body)).toEqual(['n°1', 'n°0']);
    expect(second.nextCursor).toBeNull();
    expect((await me('GET', '/messages?cursor=nimporte', cookie)).statusCode).toBe(400);
  });

  it('a customer never reaches another customer’s thread; an operator cannot write to an applicant', async () => {
    const a = await customer();
    const b = await customer();
    await bo('POST', `/customers/${a.c.id}/messages`, ops.admin.token, { body: 'Pour A seulement' });
    const bThread = (await me('GET', '/messages', b.cookie)).json<MessagesPage>();
    expect(bThread.items).toEqual([]);
    expect(bThread.unread).toBe(0);
    await me('POST', '/messages/read', b.cookie);
    expect((await me('GET', '/messages', a.cookie)).json<MessagesPage>().unread).toBe(1);
    // The customer API takes no customer id at all; the back-office one is not open to customers.
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/backoffice/customers/${a.c.id}/messages`,
          headers: { cookie: b.cookie },
        })
      ).statusCode,
    ).toBe(401);

    const applicant = await makeCustomer(t.ctx, { status: 'pending_review' });
    expect(
      (await bo('POST', `/customers/${applicant.id}/messages`, ops.admin.token, { body: 'Bonjour' }))
        .statusCode,
    ).toBe(409);
    expect(
      (await bo('GET', `/customers/00000000-0000-4000-8000-000000000000/messages`, ops.admin.token))
        .statusCode,
    ).toBe(404);
  });

  it('role × route: every operator role reads and writes messages; only admin and compliance assign advisers', async () => {
    const { c } = await customer();
    const routes: [Method, string, object | undefined, Record<'admin' | 'compliance' | 'support', number>][] =
      [
        ['GET', `/customers/${c.id}/adviser`, undefined, { admin: 200, compliance: 200, support: 200 }],
        [
          'PUT',
          `/customers/${c.id}/adviser`,
          { operatorId: null },
          { admin: 200, compliance: 200, support: 403 },
        ],
        ['GET', `/customers/${c.id}/messages`, undefined, { admin: 200, compliance: 200, support: 200 }],
        [
          'POST',
          `/customers/${c.id}/messages`,
          { body: 'Bonjour' },
          { admin: 201, compliance: 201, support: 201 },
        ],
        ['GET', '/messages/unread', undefined, { admin: 200, compliance: 200, support: 200 }],
      ];
    for (const [method, url, body, expected] of routes) {
      expect((await bo(method, url, null, body)).statusCode, `anonymous ${method} ${url}`).toBe(401);
      for (const role of ['admin', 'compliance', 'support'] as const) {
        expect((await bo(method, url, ops[role].token, body)).statusCode, `${role} ${method} ${url}`).toBe(
          expected[role],
        );
      }
    }
  });
});

// Last: it moves the clock by 10 minutes.
describe('rate limit', () => {
  it('limits a customer to 10 messages per 10 minutes, across sessions (429)', async () => {
    const { c, cookie } = await customer();
    const other = await customerSignIn(t.app, c);
    for (let i = 0; i < CUSTOMER_MESSAGE_LIMIT.max; i++) {
      expect(
        (await me('POST', '/messages', i % 2 ? cookie : other, { body: `Message ${i}` })).statusCode,
      ).toBe(201);
    }
    const limited = await me('POST', '/messages', cookie, { body: 'Encore un' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json<Problem>().code).toBe('messages_too_many');
    // Another customer is not limited; the window slides.
    expect((await me('POST', '/messages', (await customer()).cookie, { body: 'Bonjour' })).statusCode).toBe(
      201,
    );
    t.clock.advance(CUSTOMER_MESSAGE_LIMIT.windowMs + 1000);
    const fresh = await customerSignIn(t.app, c);
    expect((await me('POST', '/messages', fresh, { body: 'Bonjour à nouveau' })).statusCode).toBe(201);
    // The clock moved past the operators' idle limit: sign them in again for any later test.
    for (const role of ['admin', 'compliance', 'support'] as const)
      ops[role].token = await signIn(t, ops[role].op);
  });
});
