import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  NOTIFICATIONS_KEPT,
  Transfer,
  type LiveEvent,
  type NotificationPreferences,
  type NotificationsPage,
  type UnreadNotifications,
} from '@comptoir/contracts';
import { cardFixture, type CardFixture } from '../../testing/card-fixtures.ts';
import { makeTestContext, MUTATION, type TestContext } from '../../testing/test-context.ts';
import { makeCustomer, signIn, type TestCustomer } from '../../testing/customers.ts';
import { mailsTo } from '../../testing/mailbox.ts';
import { publishCredit } from '../../events/index.ts';
import { listenLive } from '../events/__tests__/testing.ts';
import { newOperator, signIn as operatorSignIn, withOperator } from '../operators/__tests__/testing.ts';
import { customerAccounts } from '../../ledger/index.ts';
import { payee, sendTransfer, signedIn, transferToken } from '../transfers/__tests__/testing.ts';
import { recordNotification } from './record-service.ts';

const SANDBOX_KEY = 'cle-sandbox-notifications-0123456789';
let t: TestContext;
let operatorToken: string;
beforeAll(async () => {
  t = await makeTestContext({ rateLimits: false, sandboxApiKey: SANDBOX_KEY });
  operatorToken = await operatorSignIn(t, await newOperator(t, 'admin'));
});
afterAll(() => t.close());

let keys = 0;
const newKey = () => `notif-${process.pid}-${Date.now()}-${keys++}`;

const api = (method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers: method === 'GET' ? { cookie } : { ...MUTATION, cookie },
    ...(method === 'GET' ? {} : { payload: JSON.stringify(payload ?? {}) }),
  });

async function customer(): Promise<{ c: TestCustomer; cookie: string; iban: string; accountId: string }> {
  const c = await makeCustomer(t.ctx, { firstName: 'Léa', lastName: 'Moreau' });
  const account = (await customerAccounts(t.ctx.db, c.id))[0];
  if (!account?.iban) throw new Error('no account');
  return { c, cookie: await signIn(t.app, c), iban: account.iban, accountId: String(account.id) };
}

const incoming = (iban: string, amount: number, debtorName = 'Marie Curie') =>
  t.app.inject({
    method: 'POST',
    url: '/api/sandbox/incoming-transfers',
    headers: { ...MUTATION, 'idempotency-key': newKey() },
    cookies: withOperator(operatorToken),
    payload: { iban, amount, debtorName, debtorIban: 'DE89370400440532013000', reference: 'Loyer' },
  });

const authorize = (card: CardFixture, amount: number, merchant = 'Boulangerie Paul') =>
  t.app.inject({
    method: 'POST',
    url: '/api/sandbox/card-authorizations',
    headers: { ...MUTATION, 'idempotency-key': newKey(), authorization: `Bearer ${SANDBOX_KEY}` },
    payload: { pan: card.pan, expiry: card.expiry, cvv: card.cvv, amount, merchant, channel: 'in_store' },
  });

const list = async (cookie: string, query = ''): Promise<NotificationsPage> => {
  const res = await api('GET', `/notifications${query}`, cookie);
  expect(res.statusCode).toBe(200);
  return res.json<NotificationsPage>();
};

const rowCount = async (customerId: string): Promise<number> => {
  const { rows } = await t.ctx.db.query<{ n: number }>(
    'select count(*)::int as n from notifications where customer_id = $1',
    [customerId],
  );
  return rows[0]?.n ?? -1;
};

const noticeMails = async (email: string, subject: string) =>
  (await mailsTo(t.ctx, email)).filter((m) => m.subject === subject);

describe('producers', () => {
  it('a credit is kept and announced live with the unread count; another customer sees nothing', async () => {
    const me = await customer();
    const other = await customer();
    const live = await listenLive(t.ctx.db, me.c.id, { only: 'notifications' });
    try {
      const res = await incoming(me.iban, 12_345);
      expect(res.statusCode).toBe(201);
      const number = res.json<{ number: string }>().number;
      const [event] = await live.until(1);
      expect(event).toEqual({
        type: 'notification',
        unreadCount: 1,
        notification: expect.objectContaining({
          kind: 'credit',
          amount: 12_345,
          counterparty: 'Marie Curie',
          number,
          readAt: null,
        }) as unknown,
      });
      const page = await list(me.cookie);
      expect(page.unreadCount).toBe(1);
      expect(page.items).toEqual([(event as Extract<LiveEvent, { type: 'notification' }>).notification]);
      expect(await list(other.cookie)).toEqual({ items: [], unreadCount: 0, nextCursor: null });
    } finally {
      live.stop();
    }
  });

  it('exists exactly when its cause commits: a rolled-back credit leaves no notification and no event', async () => {
    const me = await customer();
    const live = await listenLive(t.ctx.db, me.c.id, { only: 'notifications' });
    try {
      const credit = {
        accountId: me.accountId,
        amount: 500,
        counterpartyName: 'Annulé',
        number: 'st-10000001',
      };
      await expect(
        t.ctx.db.tx(async (q) => {
          await publishCredit(q, me.c.id, credit);
          throw new Error('the cause fails after the notification was written');
        }),
      ).rejects.toThrow('the cause fails');
      expect(await rowCount(me.c.id)).toBe(0);
      // The same call in a transaction that commits keeps it and announces it.
      await t.ctx.db.tx((q) => publishCredit(q, me.c.id, { ...credit, counterpartyName: 'Gardé' }));
      expect(await rowCount(me.c.id)).toBe(1);
      const events = await live.until(1);
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({ notification: { counterparty: 'Gardé' } });
    } finally {
      live.stop();
    }
  });

  it('a card approval and a decline are kept (the decline with its French reason); a clearing is not', async () => {
    const card = await cardFixture(t.ctx, { funding: 5_000, weeklyLimit: 3_000 });
    const approved = await authorize(card, 1_250, 'Librairie Gallimard');
    expect(approved.json<{ approved: boolean }>().approved).toBe(true);
    const declined = await authorize(card, 4_000, 'Grand Magasin');
    expect(declined.json<{ approved: boolean }>().approved).toBe(false);
    const { rows } = await t.ctx.db.query<{
      kind: string;
      amount: bigint;
      counterparty: string;
      reason: string;
    }>('select kind, amount, counterparty, reason from notifications where customer_id = $1 order by seq', [
      card.customerId,
    ]);
    expect(rows.map((r) => [r.kind, Number(r.amount), r.counterparty])).toEqual([
      ['card_payment', 1_250, 'Librairie Gallimard'],
      ['card_declined', 4_000, 'Grand Magasin'],
    ]);
    expect(rows[0]?.reason).toBeNull();
    expect(rows[1]?.reason).toMatch(/^Paiement refusé/);
    const authorizationId = approved.json<{ authorizationId: string }>().authorizationId;
    const cleared = await t.app.inject({
      method: 'POST',
      url: '/api/sandbox/card-clearings',
      headers: { ...MUTATION, 'idempotency-key': newKey(), authorization: `Bearer ${SANDBOX_KEY}` },
      payload: { authorizationId, amount: 1_250 },
    });
    expect(cleared.statusCode).toBeLessThan(300);
    expect(await rowCount(card.customerId)).toBe(2);
  });

  it('a transfer settled or rejected by another bank is kept with its amount, payee and reason', async () => {
    const a = await signedIn(t.ctx, t.app, 10_000);
    const send = async (name: string, iban: string, amount: number) => {
      const b = await payee(t.ctx, a.customer.id, { name, iban });
      const res = await sendTransfer(
        t.app,
        a.cookie,
        { accountId: String(a.account.id), beneficiaryId: b.id, amount, type: 'instant' },
        { sca: await transferToken(t.ctx, a.customer.id, amount, b) },
      );
      return Transfer.parse(res.json());
    };
    const settled = await send('Hans Weber', 'DE89370400440532013000', 1_500);
    const rejected = await send('Jonas Becker', 'DE28370400440532014001', 700);
    expect([settled.status, rejected.status]).toEqual(['executed', 'rejected']);
    const page = await list(a.cookie);
    expect(page.items.map((n) => [n.kind, n.amount, n.counterparty, n.number])).toEqual([
      ['transfer_rejected', 700, 'Jonas Becker', rejected.number],
      ['transfer_executed', 1_500, 'Hans Weber', settled.number],
    ]);
    expect(page.items[0]?.reason).toBe('Virement refusé : le compte du bénéficiaire est clôturé (AC04)');
    expect(page.unreadCount).toBe(2);
  });

  it('a bank message is kept; the customer’s own message and reading the thread are not', async () => {
    const me = await customer();
    const sent = await api('POST', '/messages', me.cookie, { body: 'Bonjour, une question.' });
    expect(sent.statusCode).toBe(201);
    expect(await rowCount(me.c.id)).toBe(0);
    const bank = await t.app.inject({
      method: 'POST',
      url: `/api/backoffice/customers/${me.c.id}/messages`,
      headers: MUTATION,
      cookies: withOperator(operatorToken),
      payload: { body: 'Votre conseiller vous répond.' },
    });
    expect(bank.statusCode).toBe(201);
    expect((await api('POST', '/messages/read', me.cookie)).statusCode).toBe(200);
    const page = await list(me.cookie);
    expect(page.items.map((n) => n.kind)).toEqual(['message']);
    // No message text is copied into the notification.
    expect(JSON.stringify(page.items)).not.toContain('conseiller vous répond');
  });
});

describe('reading', () => {
  it('marks the given notifications read, ignores another customer’s ids, and marks all without ids', async () => {
    const me = await customer();
    const other = await customer();
    for (const amount of [100, 200, 300]) expect((await incoming(me.iban, amount)).statusCode).toBe(201);
    expect((await incoming(other.iban, 400)).statusCode).toBe(201);
    const mine = (await list(me.cookie)).items;
    const theirs = (await list(other.cookie)).items;
    expect(mine.map((n) => n.amount)).toEqual([300, 200, 100]);

    // Another customer's id is ignored exactly like an unknown one: nothing of theirs is marked.
    const read = await api('POST', '/notifications/read', me.cookie, {
      ids: [mine[0]?.id, theirs[0]?.id, '00000000-0000-4000-8000-000000000000'],
    });
    expect(read.statusCode).toBe(200);
    expect(read.json<UnreadNotifications>()).toEqual({ unreadCount: 2 });
    expect((await list(other.cookie)).unreadCount).toBe(1);
    const after = await list(me.cookie);
    expect(after.items.map((n) => n.readAt !== null)).toEqual([true, false, false]);

    const all = await api('POST', '/notifications/read', me.cookie, {});
    expect(all.json<UnreadNotifications>()).toEqual({ unreadCount: 0 });
    expect((await list(other.cookie)).unreadCount).toBe(1);
  });

  it('refuses malformed ids and cursors with a French 400', async () => {
    const me = await customer();
    const bad = await api('POST', '/notifications/read', me.cookie, { ids: ['pas-un-id'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ detail: string }>().detail).toMatch(/notification/);
    const cursor = await api('GET', '/notifications?cursor=zzz', me.cookie);
    expect(cursor.statusCode).toBe(400);
    expect(cursor.json<{ detail: string }>().detail).toBe('Curseur de pagination invalide.');
  });

  it('needs a signed-in customer', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/notifications' });
    expect(res.statusCode).toBe(401);
  });
});

describe('volume', () => {
  it(`keeps only the latest ${NOTIFICATIONS_KEPT}, paged newest first by cursor`, async () => {
    const me = await customer();
    const total = NOTIFICATIONS_KEPT + 15;
    await t.ctx.db.tx(async (q) => {
      for (let i = 1; i <= total; i++) {
        await recordNotification(t.ctx, q, me.c.id, {
          kind: 'card_payment',
          amount: BigInt(i),
          counterparty: `Commerce ${i}`,
          number: null,
          reason: null,
        });
      }
    });
    expect(await rowCount(me.c.id)).toBe(NOTIFICATIONS_KEPT);
    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: NotificationsPage = await list(me.cookie, `?limit=50${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.unreadCount).toBe(NOTIFICATIONS_KEPT);
      seen.push(...page.items.map((n) => n.amount ?? 0));
      cursor = page.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(4);
    // The newest first, the oldest 15 dropped, none twice.
    expect(seen).toEqual(Array.from({ length: NOTIFICATIONS_KEPT }, (_, i) => total - i));
  });
});

describe('concurrency', () => {
  it('credits arriving at once are each kept once, and the last event’s count is the true one', async () => {
    const me = await customer();
    const live = await listenLive(t.ctx.db, me.c.id, { only: 'notifications' });
    try {
      const results = await Promise.all(Array.from({ length: 20 }, (_, i) => incoming(me.iban, 100 + i)));
      expect(results.map((r) => r.statusCode)).toEqual(Array.from({ length: 20 }, () => 201));
      const page = await list(me.cookie, '?limit=50');
      expect(page.unreadCount).toBe(20);
      expect(page.items.map((n) => n.amount).sort()).toEqual(Array.from({ length: 20 }, (_, i) => 100 + i));
      expect(new Set(page.items.map((n) => n.number)).size).toBe(20);
      // Credits to one account queue on its row lock until commit: each count sees those before it.
      const events = await live.until(20);
      expect(Math.max(...events.map((e) => (e.type === 'notification' ? e.unreadCount : 0)))).toBe(20);
    } finally {
      live.stop();
    }
  });
});

describe('e-mail preferences', () => {
  it('are off by default and saved by PUT; refused when malformed', async () => {
    const me = await customer();
    const get = await api('GET', '/me/notification-preferences', me.cookie);
    expect(get.json<NotificationPreferences>()).toEqual({ emailOnCredit: false, emailOnCardPayment: false });
    const put = await api('PUT', '/me/notification-preferences', me.cookie, {
      emailOnCredit: true,
      emailOnCardPayment: false,
    });
    expect(put.statusCode).toBe(200);
    expect(put.json<NotificationPreferences>()).toEqual({ emailOnCredit: true, emailOnCardPayment: false });
    expect((await api('GET', '/me/notification-preferences', me.cookie)).json()).toEqual(put.json());
    const bad = await api('PUT', '/me/notification-preferences', me.cookie, { emailOnCredit: 'oui' });
    expect(bad.statusCode).toBe(400);
  });

  it('a credit mails only when asked, saying no amount and no payer', async () => {
    const me = await customer();
    const subject = 'Votre compte a été crédité';
    expect((await incoming(me.iban, 4_321, 'Paul Verlaine')).statusCode).toBe(201);
    expect(await noticeMails(me.c.email, subject)).toHaveLength(0);

    await api('PUT', '/me/notification-preferences', me.cookie, {
      emailOnCredit: true,
      emailOnCardPayment: false,
    });
    expect((await incoming(me.iban, 4_321, 'Paul Verlaine')).statusCode).toBe(201);
    const mails = await noticeMails(me.c.email, subject);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).not.toMatch(/43,21|Verlaine/);

    await api('PUT', '/me/notification-preferences', me.cookie, {
      emailOnCredit: false,
      emailOnCardPayment: true,
    });
    expect((await incoming(me.iban, 100)).statusCode).toBe(201);
    expect(await noticeMails(me.c.email, subject)).toHaveLength(1);
  });

  it('a card payment mails only when asked (never for a decline), without amount, merchant or digits', async () => {
    const card = await cardFixture(t.ctx, { funding: 10_000 });
    const cookie = await signIn(t.app, {
      id: card.customerId,
      email: card.email,
      password: 'Trois-Poires-Vertes-42',
    });
    const subject = 'Un paiement par carte a été accepté';
    expect((await authorize(card, 900, 'Café du Commerce')).json<{ approved: boolean }>().approved).toBe(
      true,
    );
    expect(await noticeMails(card.email, subject)).toHaveLength(0);

    await api('PUT', '/me/notification-preferences', cookie, {
      emailOnCredit: false,
      emailOnCardPayment: true,
    });
    expect((await authorize(card, 900, 'Café du Commerce')).json<{ approved: boolean }>().approved).toBe(
      true,
    );
    expect((await authorize(card, 50_000, 'Trop Cher')).json<{ approved: boolean }>().approved).toBe(false);
    const mails = await noticeMails(card.email, subject);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).not.toMatch(/9,00|Commerce|\d{4} ?\d{4}|•/);
    expect(mails[0]?.text).toContain('/connexion');
    // A credit is not mailed: that switch is off.
    expect((await incoming(card.account.iban ?? '', 100)).statusCode).toBe(201);
    expect(await noticeMails(card.email, 'Votre compte a été crédité')).toHaveLength(0);
  });
});
