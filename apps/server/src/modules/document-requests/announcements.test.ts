import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BackofficeDocumentRequest,
  DocumentRequestDecision,
  type AppNotification,
} from '@comptoir/contracts';
import { listMailbox } from '../../mail/mailbox.ts';
import { makeTestContext, MUTATION, type TestContext } from '../../testing/test-context.ts';
import { makeCustomer, signIn } from '../../testing/customers.ts';
import { listenLive } from '../events/__tests__/testing.ts';
import { minimalPdf, multipart } from '../onboarding/__tests__/testing.ts';
import { newOperator, signIn as operatorSignIn, withOperator } from '../operators/__tests__/testing.ts';

let t: TestContext;
let compliance: string;
beforeAll(async () => {
  t = await makeTestContext({ rateLimits: false });
  compliance = await operatorSignIn(t, await newOperator(t, 'compliance'));
});
afterAll(() => t.close());

const asCompliance = (url: string, payload?: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: payload === undefined ? { 'x-requested-with': 'comptoir' } : MUTATION,
    cookies: withOperator(compliance),
    ...(payload === undefined ? {} : { payload }),
  });

async function ask(customerId: string): Promise<BackofficeDocumentRequest> {
  const res = await asCompliance(`/api/backoffice/customers/${customerId}/document-requests`, {
    kind: 'funds_origin',
    reason: 'Merci de justifier l’origine du virement de 12 000 €.',
    blocking: true,
  });
  expect(res.statusCode, res.body).toBe(201);
  return BackofficeDocumentRequest.parse(res.json());
}

async function send(cookie: string, requestId: string): Promise<void> {
  const form = await multipart({
    file: { bytes: minimalPdf(), name: 'releve.pdf', type: 'application/pdf' },
  });
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/document-requests/${requestId}/documents`,
    headers: { 'x-requested-with': 'comptoir', 'content-type': form.contentType, cookie },
    payload: form.body,
  });
  expect(res.statusCode, res.body).toBeLessThan(300);
}

const notifications = async (cookie: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/notifications', headers: { cookie } })).json<{
    items: AppNotification[];
  }>().items;

describe('the customer hears of document requests as they happen', () => {
  it('a new request, its replacement after a rejection and an acceptance are announced live and kept as notifications', async () => {
    const c = await makeCustomer(t.ctx);
    const cookie = await signIn(t.app, c);
    const live = await listenLive(t.ctx.db, c.id);
    try {
      const made = await ask(c.id);
      expect(await live.untilOne((e) => e.type === 'document_request')).toEqual([
        { type: 'document_request', requestId: made.id, status: 'open' },
      ]);

      await send(cookie, made.id);
      const rejected = await asCompliance(`/api/backoffice/document-requests/${made.id}/reject`, {
        reason: 'Le relevé est illisible.',
      });
      expect(rejected.statusCode, rejected.body).toBe(200);
      const replacement = DocumentRequestDecision.parse(rejected.json()).replacement!;
      await live.untilOne((e) => e.type === 'document_request' && e.requestId === replacement.id);

      await send(cookie, replacement.id);
      const accepted = await asCompliance(`/api/backoffice/document-requests/${replacement.id}/accept`);
      expect(accepted.statusCode, accepted.body).toBe(200);
      const announced = await live.untilOne((e) => e.type === 'document_request' && e.status === 'accepted');
      expect(announced).toEqual([
        { type: 'document_request', requestId: replacement.id, status: 'accepted' },
      ]);
    } finally {
      live.stop();
    }

    expect((await notifications(cookie)).map((n) => [n.kind, n.counterparty])).toEqual([
      ['document_accepted', 'Justificatif d’origine des fonds'],
      ['document_requested', 'Justificatif d’origine des fonds'],
      ['document_requested', 'Justificatif d’origine des fonds'],
    ]);
  });

  it('an accepted document is mailed to the customer, saying payments are possible again', async () => {
    const c = await makeCustomer(t.ctx);
    const cookie = await signIn(t.app, c);
    const made = await ask(c.id);
    await send(cookie, made.id);
    expect((await asCompliance(`/api/backoffice/document-requests/${made.id}/accept`)).statusCode).toBe(200);
    const mails = await listMailbox(t.ctx, c.email);
    expect(mails.filter((m) => m.subject.startsWith('Votre document est accepté'))).toEqual([
      expect.objectContaining({
        subject: 'Votre document est accepté : Justificatif d’origine des fonds',
        text: expect.stringContaining('Vos virements et paiements par carte sont de nouveau possibles.'),
      }),
    ]);
  });
});
