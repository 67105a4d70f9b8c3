import { randomUUID } from 'node:crypto';
import type { LookupAddress } from 'node:dns';
import webpush from 'web-push';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  PushPayload,
  type CardAuthentication,
  type PushDeviceList,
  type PushPublicKey,
} from '@comptoir/contracts';
import { makeTestContext, MUTATION, type TestContext } from '../../testing/test-context.ts';
import { makeCustomer, signIn } from '../../testing/customers.ts';
import { publishCardAuthentication, publishCredit, publishPsd2Authorisation } from '../../events/index.ts';
import { resolvePushHostsWith } from './endpoint-check.ts';
import {
  browserKeys,
  decryptPush,
  startFakePushService,
  verifyVapid,
  type BrowserKeys,
  type FakePushService,
} from './fake-push-service.ts';
import { NonPublicAddressError, sendPush, type DnsLookup } from './sender.ts';
import { drainPushQueue } from './worker.ts';

let t: TestContext;
let push: FakePushService;
beforeAll(async () => {
  push = await startFakePushService();
  // A database of this file's own: draining sends every queued message. The fake push service is
  // the sandbox's declared test receiver.
  t = await makeTestContext(
    { rateLimits: false, sandboxPushPort: Number(new URL(push.origin).port) },
    { ownDatabase: true },
  );
});
afterAll(async () => {
  await push.close();
  await t.close();
});
afterEach(() => {
  push.answerWith(201);
  resolvePushHostsWith();
});

type Method = 'GET' | 'POST' | 'DELETE';
const api = (method: Method, url: string, cookie: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers: method === 'GET' ? { cookie } : { ...MUTATION, cookie },
    ...(method === 'GET' ? {} : { payload: JSON.stringify(payload ?? {}) }),
  });

async function customer(): Promise<{ id: string; cookie: string }> {
  const c = await makeCustomer(t.ctx);
  return { id: c.id, cookie: await signIn(t.app, c) };
}

interface Device {
  endpoint: string;
  browser: BrowserKeys;
}

async function subscribe(cookie: string, showAmounts?: boolean, endpoint = push.endpoint()): Promise<Device> {
  const browser = browserKeys();
  const res = await api('POST', '/push/subscriptions', cookie, {
    endpoint,
    keys: browser.keys,
    ...(showAmounts === undefined ? {} : { showAmounts }),
  });
  expect(res.statusCode, res.body).toBe(200);
  return { endpoint, browser };
}

const devices = async (cookie: string): Promise<PushDeviceList> => {
  const res = await api('GET', '/push/subscriptions', cookie);
  expect(res.statusCode).toBe(200);
  return res.json<PushDeviceList>();
};

const queued = async (customerId: string): Promise<number> => {
  const { rows } = await t.ctx.db.query<{ n: number }>(
    `select count(*)::int as n from push_deliveries d join push_subscriptions s on s.id = d.subscription_id
      where s.customer_id = $1`,
    [customerId],
  );
  return rows[0]?.n ?? -1;
};

const credit = (customerId: string, amount = 3500) =>
  t.ctx.db.tx((q) =>
    publishCredit(q, customerId, {
      accountId: randomUUID(),
      amount,
      counterpartyName: 'Marie Curie',
      number: 'st-0001',
    }),
  );

/** The messages the fake push service received for this device, decrypted as its browser would. */
const messagesTo = (device: Device): PushPayload[] =>
  push.received
    .filter((r) => device.endpoint.endsWith(r.path))
    .map((r) => PushPayload.parse(JSON.parse(decryptPush(r.body, device.browser))));

describe('subscribing a device', () => {
  it('answers the bank’s VAPID public key, the same on every call', async () => {
    const { cookie } = await customer();
    const first = (await api('GET', '/push/public-key', cookie)).json<PushPublicKey>();
    const second = (await api('GET', '/push/public-key', cookie)).json<PushPublicKey>();
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
    expect(second.publicKey).toBe(first.publicKey);
    const { rows } = await t.ctx.db.query<{ private_key_sealed: string }>(
      'select private_key_sealed from push_vapid_keys',
    );
    expect(rows).toHaveLength(1);
    // The private key is stored sealed, never in the clear.
    expect(rows[0]?.private_key_sealed).not.toContain(first.publicKey);
  });

  it('lists the device, hides amounts by default, and changes only what is given on a second call', async () => {
    const { cookie } = await customer();
    const device = await subscribe(cookie);
    expect((await devices(cookie)).items).toEqual([
      { endpoint: device.endpoint, showAmounts: false, createdAt: expect.any(String) as unknown },
    ]);
    await subscribe(cookie, true, device.endpoint);
    expect((await devices(cookie)).items.map((d) => d.showAmounts)).toEqual([true]);
    await subscribe(cookie, undefined, device.endpoint);
    expect((await devices(cookie)).items.map((d) => d.showAmounts)).toEqual([true]);
  });

  it('refuses keys no message could be encrypted for', async () => {
    const { id, cookie } = await customer();
    const res = await api('POST', '/push/subscriptions', cookie, {
      endpoint: push.endpoint(),
      keys: { p256dh: 'AAAA', auth: 'AAAA' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json<{ code: string }>().code).toBe('push_keys_invalid');
    expect((await devices(cookie)).items).toEqual([]);
    await credit(id);
    expect(await queued(id)).toBe(0);
  });

  it('another customer cannot turn my device off; I can', async () => {
    const me = await customer();
    const other = await customer();
    const device = await subscribe(me.cookie);
    const theirs = await api('DELETE', '/push/subscriptions', other.cookie, { endpoint: device.endpoint });
    expect(theirs.statusCode).toBe(200);
    expect((await devices(me.cookie)).items).toHaveLength(1);
    const mine = await api('DELETE', '/push/subscriptions', me.cookie, { endpoint: device.endpoint });
    expect(mine.statusCode).toBe(200);
    expect((await devices(me.cookie)).items).toEqual([]);
  });

  it('an endpoint given by another customer moves to them, without what was queued for the first', async () => {
    const first = await customer();
    const second = await customer();
    const device = await subscribe(first.cookie, true);
    await credit(first.id);
    expect(await queued(first.id)).toBe(1);
    await subscribe(second.cookie, undefined, device.endpoint);
    expect((await devices(first.cookie)).items).toEqual([]);
    expect((await devices(second.cookie)).items).toEqual([
      { endpoint: device.endpoint, showAmounts: false, createdAt: expect.any(String) as unknown },
    ]);
    expect(await queued(first.id)).toBe(0);
    expect(await queued(second.id)).toBe(0);
  });

  it('keeps a customer’s ten most recent devices: an eleventh pushes out the oldest', async () => {
    const { cookie } = await customer();
    const first = await subscribe(cookie);
    for (let i = 0; i < 10; i++) {
      t.clock.advance(1000);
      await subscribe(cookie);
    }
    const items = (await devices(cookie)).items;
    expect(items).toHaveLength(10);
    expect(items.map((d) => d.endpoint)).not.toContain(first.endpoint);
  });

  it('needs a signed-in customer', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/push/subscriptions' });
    expect(res.statusCode).toBe(401);
  });
});

describe('an endpoint that is not a public push service is refused, and nothing is ever sent to it', () => {
  it.each([
    ['plain http on a public host', 'http://fcm.googleapis.com/fcm/send/abc'],
    ['https to 127.0.0.1', 'https://127.0.0.1/push'],
    ['https to 10.0.0.1', 'https://10.0.0.1/push'],
    ['https to [::1]', 'https://[::1]/push'],
    ['https to the metadata service', 'https://169.254.169.254/latest/meta-data'],
    ['https to [fe80::1]', 'https://[fe80::1]/push'],
    ['https to [::ffff:127.0.0.1]', 'https://[::ffff:127.0.0.1]/push'],
    ['https to localhost', 'https://localhost/push'],
    ['a name that resolves to loopback', 'https://loopback.push.test/push'],
    ['http to localhost with the test service’s port', 'http://localhost:PORT/push'],
    ['credentials in the URL', 'http://user:pw@127.0.0.1:PORT/push'],
  ])('%s: %s', async (_label, template) => {
    resolvePushHostsWith((host) =>
      Promise.resolve(host === 'loopback.push.test' ? ['127.0.0.1'] : ['142.250.74.106']),
    );
    const endpoint = template.replace('PORT', new URL(push.origin).port);
    const { id, cookie } = await customer();
    const before = push.received.length;
    const res = await api('POST', '/push/subscriptions', cookie, { endpoint, keys: browserKeys().keys });
    expect(res.statusCode).toBe(422);
    expect(res.json<{ code: string; detail: string }>()).toMatchObject({
      code: 'push_endpoint_refused',
      detail: expect.stringContaining('Adresse de notification refusée') as unknown,
    });
    expect((await devices(cookie)).items).toEqual([]);
    await credit(id);
    expect(await queued(id)).toBe(0);
    await drainPushQueue(t.ctx);
    expect(push.received.length).toBe(before);
  });
});

describe('sending', () => {
  it('a credit reaches the device encrypted for it, in French, without the amount by default', async () => {
    const { id, cookie } = await customer();
    const device = await subscribe(cookie);
    await credit(id, 3500);
    expect(await queued(id)).toBe(1);
    const result = await drainPushQueue(t.ctx);
    expect(result.sent).toBeGreaterThanOrEqual(1);
    expect(await queued(id)).toBe(0);
    const [message] = messagesTo(device);
    expect(message).toEqual({
      title: 'Virement reçu',
      body: 'De Marie Curie',
      url: '/notifications',
      tag: expect.stringMatching(/^notification-/) as unknown,
    });
    // What the locked screen shows (the tag is a random id that may hold the digits 35).
    expect(`${message?.title} ${message?.body}`).not.toMatch(/35|€/);
  });

  it('a device that asked for amounts gets « 35,00 € »; the customer’s other device still does not', async () => {
    const { id, cookie } = await customer();
    const shows = await subscribe(cookie, true);
    const hides = await subscribe(cookie, false);
    await credit(id, 3500);
    await drainPushQueue(t.ctx);
    expect(messagesTo(shows).map((m) => m.body)).toEqual(['35,00\u00a0€ de Marie Curie']);
    expect(messagesTo(hides).map((m) => m.body)).toEqual(['De Marie Curie']);
  });

  it('signs each request with the bank’s VAPID key for the endpoint’s origin, with a time to live and urgency', async () => {
    const { id, cookie } = await customer();
    const device = await subscribe(cookie);
    await credit(id);
    await drainPushQueue(t.ctx);
    const request = push.received.find((r) => device.endpoint.endsWith(r.path));
    if (!request) throw new Error('nothing received');
    const { publicKey, claims } = verifyVapid(request.headers.authorization);
    expect(publicKey).toBe((await api('GET', '/push/public-key', cookie)).json<PushPublicKey>().publicKey);
    expect(claims.aud).toBe(push.origin);
    expect(claims.sub).toBe(`mailto:${t.ctx.config.institution.emails.support}`);
    expect(claims.exp).toBeGreaterThan(Date.now() / 1000);
    expect(request.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(request.headers.ttl)).toBeGreaterThan(0);
    expect(request.headers.urgency).toBe('normal');
  });

  it('a 3-D Secure request goes out at high urgency, lives 10 minutes at most, and opens its confirmation', async () => {
    const { id, cookie } = await customer();
    const shows = await subscribe(cookie, true);
    const hides = await subscribe(cookie);
    const now = t.clock.now();
    const authentication: CardAuthentication = {
      id: randomUUID(),
      cardId: randomUUID(),
      last4: '4242',
      amount: 3500,
      merchant: 'Librairie Dupont',
      merchantUrl: 'https://librairie.example',
      status: 'pending',
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + 10 * 60_000).toISOString(),
      decidedAt: null,
    };
    await t.ctx.db.tx((q) => publishCardAuthentication(q, id, { authentication }));
    await drainPushQueue(t.ctx);
    const expected = {
      title: 'Confirmer un paiement en ligne',
      url: `/carte/paiements-en-ligne?confirmer=${authentication.id}`,
      tag: `card-authentication-${authentication.id}`,
    };
    expect(messagesTo(shows)).toEqual([
      { ...expected, body: '35,00\u00a0€ chez Librairie Dupont : confirmez ou refusez ce paiement.' },
    ]);
    expect(messagesTo(hides)).toEqual([
      { ...expected, body: 'Chez Librairie Dupont : confirmez ou refusez ce paiement.' },
    ]);
    const request = push.received.find((r) => shows.endpoint.endsWith(r.path));
    expect(request?.headers.urgency).toBe('high');
    expect(Number(request?.headers.ttl)).toBeLessThanOrEqual(600);

    // Approved on another device: the same tag replaces the request everywhere.
    const approved = { ...authentication, status: 'approved' as const, decidedAt: now.toISOString() };
    await t.ctx.db.tx((q) => publishCardAuthentication(q, id, { authentication: approved }));
    await drainPushQueue(t.ctx);
    expect(messagesTo(hides).at(-1)).toEqual({
      title: 'Paiement en ligne confirmé',
      body: 'Chez Librairie Dupont',
      url: '/carte/paiements-en-ligne',
      tag: expected.tag,
    });
  });

  it('a third party’s request to decide in the app (PSD2) goes out at high urgency, no longer than the request, and opens it', async () => {
    const { id, cookie } = await customer();
    const device = await subscribe(cookie, true);
    const now = t.clock.now();
    const authorisation = {
      id: randomUUID(),
      tpp: { name: 'Paie Malin', organisationId: 'PSDFR-ACPR-24680' },
      kind: 'payment' as const,
      amount: 1840,
      // Ends in 5 minutes: the message must not outlive it.
      expiresAt: new Date(now.getTime() + 5 * 60_000).toISOString(),
      status: 'received' as const,
    };
    await t.ctx.db.tx((q) => publishPsd2Authorisation(q, id, { authorisation }));
    await drainPushQueue(t.ctx);
    expect(messagesTo(device)).toEqual([
      {
        title: 'Autorisation demandée',
        body: 'Paie Malin vous demande d’autoriser un paiement de 18,40\u00a0€.',
        url: `/psd2/autorisation/${authorisation.id}`,
        tag: `psd2-authorisation-${authorisation.id}`,
      },
    ]);
    const request = push.received.find((r) => device.endpoint.endsWith(r.path));
    expect(request?.headers.urgency).toBe('high');
    expect(Number(request?.headers.ttl)).toBeLessThanOrEqual(300);
  });

  it('a message past its time to live is dropped, never sent', async () => {
    const { id, cookie } = await customer();
    const device = await subscribe(cookie);
    await credit(id);
    t.clock.advance(25 * 3600_000);
    try {
      const result = await drainPushQueue(t.ctx);
      expect(result.expired).toBeGreaterThanOrEqual(1);
      expect(await queued(id)).toBe(0);
      expect(messagesTo(device)).toEqual([]);
    } finally {
      t.clock.advance(-25 * 3600_000);
    }
  });

  it('410 Gone from the push service removes the subscription', async () => {
    const { id, cookie } = await customer();
    await subscribe(cookie);
    await credit(id);
    push.answerWith(410);
    const result = await drainPushQueue(t.ctx);
    expect(result.removed).toBeGreaterThanOrEqual(1);
    expect((await devices(cookie)).items).toEqual([]);
    expect(await queued(id)).toBe(0);
  });

  it('another failure is tried again later, with backoff', async () => {
    const { id, cookie } = await customer();
    const device = await subscribe(cookie);
    await credit(id);
    push.answerWith(503);
    const result = await drainPushQueue(t.ctx);
    expect(result.retried).toBeGreaterThanOrEqual(1);
    expect(await queued(id)).toBe(1);
    push.answerWith(201);
    // Not due yet: nothing is sent.
    await drainPushQueue(t.ctx);
    expect(await queued(id)).toBe(1);
    t.clock.advance(11_000);
    await drainPushQueue(t.ctx);
    expect(await queued(id)).toBe(0);
    expect(messagesTo(device).map((m) => m.title)).toEqual(['Virement reçu', 'Virement reçu']);
  });

  it('nothing is queued when the transaction that caused the notification rolls back', async () => {
    const { id, cookie } = await customer();
    await subscribe(cookie);
    await expect(
      t.ctx.db.tx(async (q) => {
        await publishCredit(q, id, {
          accountId: randomUUID(),
          amount: 3500,
          counterpartyName: 'Marie Curie',
          number: 'st-0002',
        });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await queued(id)).toBe(0);
  });
});

describe('at send time, a name that now resolves to a non-public address is never connected to', () => {
  const rebound = (address: string): DnsLookup =>
    ((_host: string, _options: unknown, callback: (e: null, a: LookupAddress[]) => void) =>
      callback(null, [{ address, family: address.includes(':') ? 6 : 4 }])) as unknown as DnsLookup;

  it.each(['127.0.0.1', '10.0.0.7', '::1', '169.254.169.254'])('resolving to %s', async (address) => {
    const browser = browserKeys();
    await expect(
      sendPush({ endpoint: 'https://push.example.net/device', ...browser.keys }, '{}', {
        vapid: { subject: 'mailto:support@exemple.test', ...webpush.generateVAPIDKeys() },
        ttlSeconds: 60,
        urgency: 'normal',
        sandboxPushPort: undefined,
        lookup: rebound(address),
      }),
    ).rejects.toBeInstanceOf(NonPublicAddressError);
  });

  it('the worker keeps such a message for later and never reaches the address', async () => {
    const { id } = await customer();
    const browser = browserKeys();
    // Stored as if checked when the name still resolved to a public address.
    await t.ctx.db.query(
      `insert into push_subscriptions (customer_id, endpoint, p256dh, auth, created_at) values ($1, $2, $3, $4, $5)`,
      [
        id,
        `https://rebound-${randomUUID()}.example.net/device`,
        browser.keys.p256dh,
        browser.keys.auth,
        t.clock.now(),
      ],
    );
    await credit(id);
    const result = await drainPushQueue(t.ctx, { lookup: rebound('127.0.0.1') });
    expect(result.retried).toBe(1);
    const { rows } = await t.ctx.db.query<{ last_error: string }>(
      `select d.last_error from push_deliveries d join push_subscriptions s on s.id = d.subscription_id
        where s.customer_id = $1`,
      [id],
    );
    expect(rows[0]?.last_error).toMatch(/NonPublicAddressError/);
    // Nothing left for a later drain to look up for real.
    await t.ctx.db.query('delete from push_subscriptions where customer_id = $1', [id]);
  });
});
