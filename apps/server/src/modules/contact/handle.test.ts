import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage, ContactMessage, ContactMessagesPage } from '@comptoir/contracts';
import { makeTestContext, uniqueEmail, type TestContext } from '../../testing/test-context.ts';
import { newOperator, signIn, withOperator } from '../operators/__tests__/testing.ts';
import { insertContactMessage } from './queries.ts';

let t: TestContext;
beforeAll(async () => {
  t = await makeTestContext({ rateLimits: false });
});
afterAll(() => t.close());

const handled = (token: string, id: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/backoffice/contact-messages/${id}/handled`,
    headers: { 'x-requested-with': 'comptoir' },
    cookies: withOperator(token),
  });

const inbox = (token: string, query = '') =>
  t.app
    .inject({ method: 'GET', url: `/api/backoffice/contact-messages${query}`, cookies: withOperator(token) })
    .then((r) => r.json<ContactMessagesPage>());

describe('POST /api/backoffice/contact-messages/{id}/handled', () => {
  it('marks a message handled once (audited), and the inbox filters open and handled ones', async () => {
    const support = await newOperator(t, 'support');
    const token = await signIn(t, support);
    const row = await insertContactMessage(t.ctx.db, {
      name: 'Alice',
      company: 'ACME',
      email: uniqueEmail('contact'),
      message: 'Bonjour',
      receivedAt: t.clock.now(),
    });
    const id = String(row.id);
    expect((await inbox(token, '?state=open')).items.map((m) => m.id)).toContain(id);

    const first = await handled(token, id);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<ContactMessage>()).toMatchObject({ id, handledBy: support.id });
    expect(first.json<ContactMessage>().handledAt).not.toBeNull();
    const again = await handled(token, id);
    expect(again.json<ContactMessage>().handledAt).toBe(first.json<ContactMessage>().handledAt);

    expect((await inbox(token, '?state=open')).items.map((m) => m.id)).not.toContain(id);
    expect((await inbox(token, '?state=handled')).items.map((m) => m.id)).toContain(id);

    const admin = await signIn(t, await newOperator(t, 'admin'));
    const audit = await t.app.inject({
      method: 'GET',
      url: `/api/backoffice/audit-log?operatorId=${support.id}&action=contact_message.handled`,
      cookies: withOperator(admin),
    });
    expect(audit.json<AuditPage>().items).toHaveLength(1);
    expect(audit.json<AuditPage>().items[0]?.details).toEqual({ contactMessageId: id });
  });

  it('answers 404 for an unknown or malformed id', async () => {
    const token = await signIn(t, await newOperator(t, 'compliance'));
    expect((await handled(token, '999999999')).statusCode).toBe(404);
    expect((await handled(token, 'abc')).statusCode).toBe(404);
  });
});
