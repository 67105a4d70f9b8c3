import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContactMessagesPage } from '@comptoir/contracts';
import { makeTestContext, MUTATION, uniqueEmail, type TestContext } from '../../testing/test-context.ts';
import { newOperator, signIn, withOperator } from '../operators/__tests__/testing.ts';
import type { Outbox } from '../../mail/mail-message.ts';
import { MESSAGES_PER_ADDRESS_PER_HOUR } from './service.ts';
import { CONTACT_RATE_LIMIT } from './routes.ts';

let limited: TestContext;
let relaxed: TestContext;
beforeAll(async () => {
  limited = await makeTestContext();
  relaxed = await makeTestContext({ rateLimits: false }, { db: limited.ctx.db });
});
afterAll(async () => {
  await relaxed.close();
  await limited.close();
});

let ipCounter = 1;
const nextIp = () => `198.51.100.${ipCounter++}`;

const form = (overrides: Record<string, unknown> = {}) => ({
  name: 'Élise Dupont',
  company: 'Particulier',
  email: uniqueEmail('contact'),
  message: 'Bonjour, je voudrais savoir combien de temps prend l’ouverture d’un compte.',
  consent: true,
  website: '',
  fillTimeMs: 12_000,
  ...overrides,
});

const send = (t: TestContext, payload: unknown, remoteAddress = nextIp()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/contact',
    headers: MUTATION,
    payload: payload as object,
    remoteAddress,
  });

const storedFrom = async (t: TestContext, email: string) =>
  (
    await t.ctx.db.query<{ name: string; company: string; message: string; consent_at: Date }>(
      'select name, company, message, consent_at from contact_messages where email = $1',
      [email],
    )
  ).rows;

const mailsTo = async (t: TestContext, email: string) =>
  (
    await t.ctx.db.query<{ template: string; subject: string; text_body: string }>(
      'select template, subject, text_body from mail_outbox where to_address = $1',
      [email],
    )
  ).rows;

const inbox = (t: TestContext, token: string | null, query = '') =>
  t.app.inject({
    method: 'GET',
    url: `/api/backoffice/contact-messages${query}`,
    ...(token ? { cookies: withOperator(token) } : {}),
  });

describe('POST /api/contact', () => {
  it('stores the message and queues the acknowledgement mail', async () => {
    const payload = form();
    const res = await send(relaxed, payload);
    expect(res.statusCode).toBe(201);
    const body = res.json<{ id: string; receivedAt: string }>();
    expect(body.id).toMatch(/^\d+$/);
    expect(body.receivedAt).toBe(relaxed.clock.now().toISOString());

    const rows = await storedFrom(relaxed, payload.email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: payload.name, company: 'Particulier', message: payload.message });
    expect(rows[0]?.consent_at.toISOString()).toBe(body.receivedAt);

    const mails = await mailsTo(relaxed, payload.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.template).toBe('contact_acknowledgement');
    expect(mails[0]?.subject).toBe('Nous avons bien reçu votre message');
    // The acknowledgement repeats nothing the sender typed (anyone can type any address).
    expect(mails[0]?.text_body).not.toContain(payload.name);
    expect(mails[0]?.text_body).not.toContain(payload.message);
  });

  it('normalises the e-mail address', async () => {
    const email = uniqueEmail('casse');
    const res = await send(relaxed, form({ email: `  ${email.toUpperCase()} ` }));
    expect(res.statusCode).toBe(201);
    expect(await storedFrom(relaxed, email)).toHaveLength(1);
  });

  it.each([
    ['name', { name: '   ' }, 'Veuillez indiquer votre nom.'],
    ['company', { company: '' }, 'Veuillez indiquer votre société.'],
    ['message', { message: '' }, 'Veuillez indiquer votre message.'],
    ['email', { email: 'pas-une-adresse' }, 'Veuillez entrer une adresse email valide.'],
    ['consent', { consent: false }, 'Veuillez accepter la politique de confidentialité'],
  ])(
    'refuses a form without a valid %s (400, French detail, nothing stored)',
    async (_field, patch, text) => {
      const payload = form(patch);
      const res = await send(relaxed, payload);
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.json()).toMatchObject({ code: 'validation_failed', status: 400 });
      expect(res.json<{ detail: string }>().detail).toContain(text);
      if (typeof payload.email === 'string' && payload.email.includes('@')) {
        expect(await storedFrom(relaxed, payload.email)).toHaveLength(0);
      }
    },
  );

  it('refuses a missing field and an overlong message', async () => {
    const { name: _name, ...withoutName } = form();
    expect((await send(relaxed, withoutName)).statusCode).toBe(400);
    const long = await send(relaxed, form({ message: 'a'.repeat(5001) }));
    expect(long.statusCode).toBe(400);
    expect(long.json<{ detail: string }>().detail).toContain('5000 caractères');
  });

  it('refuses the call without the CSRF header', async () => {
    const res = await relaxed.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/json' },
      payload: form(),
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('spam', () => {
  it.each([
    ['a filled honeypot', { website: 'https://casino.example' }, 'indésirable', 'contact_honeypot_filled'],
    ['a form sent at once', { fillTimeMs: 400 }, 'trop vite', 'contact_filled_too_fast'],
    [
      'a form without fill time (a script)',
      { fillTimeMs: undefined },
      'trop vite',
      'contact_filled_too_fast',
    ],
    [
      'a link farm',
      { message: 'http://a.example http://b.example www.c.example https://d.example' },
      'trop de liens',
      'contact_too_many_links',
    ],
  ])('refuses %s with a clear 400, storing and mailing nothing', async (_what, patch, text, code) => {
    const payload = form(patch);
    const res = await send(relaxed, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code });
    expect(res.json<{ detail: string }>().detail).toContain(text);
    expect(await storedFrom(relaxed, payload.email)).toHaveLength(0);
    expect(await mailsTo(relaxed, payload.email)).toHaveLength(0);
  });
});

describe('limits', () => {
  it(`per IP: ${CONTACT_RATE_LIMIT.max} messages per 15 minutes, then a 429 problem in French`, async () => {
    const ip = nextIp();
    for (let i = 0; i < CONTACT_RATE_LIMIT.max; i++) {
      expect((await send(limited, form(), ip)).statusCode).toBe(201);
    }
    const blocked = await send(limited, form(), ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(blocked.json()).toMatchObject({ code: 'rate_limited', status: 429 });
    expect(blocked.json<{ detail: string }>().detail).toMatch(
      /^Vous avez envoyé beaucoup de messages en peu de temps\. Veuillez réessayer dans 15 minutes\.$/,
    );
    expect(blocked.json<{ retryAfterSeconds: number }>().retryAfterSeconds).toBeGreaterThan(0);
    // Another visitor is not affected.
    expect((await send(limited, form(), nextIp())).statusCode).toBe(201);
  });

  it(`per address: ${MESSAGES_PER_ADDRESS_PER_HOUR} messages an hour, whatever the IP`, async () => {
    const email = uniqueEmail('bavard');
    for (let i = 0; i < MESSAGES_PER_ADDRESS_PER_HOUR; i++) {
      expect((await send(relaxed, form({ email }))).statusCode).toBe(201);
    }
    const blocked = await send(relaxed, form({ email }));
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ code: 'contact_too_many_messages' });
    expect(blocked.json<{ detail: string }>().detail).toContain('patienter une heure');
    expect(await mailsTo(relaxed, email)).toHaveLength(MESSAGES_PER_ADDRESS_PER_HOUR);

    relaxed.clock.advance(61 * 60 * 1000);
    expect((await send(relaxed, form({ email }))).statusCode).toBe(201);
  });
});

describe('one transaction', () => {
  it('stores nothing when the acknowledgement cannot be queued', async () => {
    const real = relaxed.ctx.outbox;
    const broken: Outbox = {
      enqueue: () => Promise.reject(new Error('outbox unavailable')),
    };
    relaxed.ctx.outbox = broken;
    try {
      const payload = form();
      const res = await send(relaxed, payload);
      expect(res.statusCode).toBe(500);
      expect(await storedFrom(relaxed, payload.email)).toHaveLength(0);
    } finally {
      relaxed.ctx.outbox = real;
    }
  });
});

describe('GET /api/backoffice/contact-messages', () => {
  it('needs an operator session', async () => {
    const res = await inbox(relaxed, null);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'unauthenticated' });
  });

  it('refuses a customer session cookie', async () => {
    const res = await relaxed.app.inject({
      method: 'GET',
      url: '/api/backoffice/contact-messages',
      cookies: { '__Host-comptoir': 'not-an-operator' },
    });
    expect(res.statusCode).toBe(401);
  });

  it.each(['admin', 'support', 'compliance'] as const)('lets a %s read the inbox', async (role) => {
    const op = await newOperator(relaxed, role);
    const token = await signIn(relaxed, op);
    const payload = form();
    expect((await send(relaxed, payload)).statusCode).toBe(201);
    const res = await inbox(relaxed, token);
    expect(res.statusCode).toBe(200);
    const page = res.json<ContactMessagesPage>();
    expect(page.items[0]).toMatchObject({
      name: payload.name,
      company: payload.company,
      email: payload.email,
      message: payload.message,
    });
  });

  it('pages newest first with a cursor, and refuses a forged cursor', async () => {
    const op = await newOperator(relaxed, 'support');
    const token = await signIn(relaxed, op);
    const emails = [uniqueEmail('p1'), uniqueEmail('p2'), uniqueEmail('p3')];
    for (const email of emails) expect((await send(relaxed, form({ email }))).statusCode).toBe(201);

    const first = (await inbox(relaxed, token, '?limit=2')).json<ContactMessagesPage>();
    expect(first.items.map((m) => m.email)).toEqual([emails[2], emails[1]]);
    expect(first.nextCursor).not.toBeNull();
    const second = (
      await inbox(relaxed, token, `?limit=2&cursor=${encodeURIComponent(first.nextCursor!)}`)
    ).json<ContactMessagesPage>();
    expect(second.items[0]?.email).toBe(emails[0]);
    expect(Number(second.items[0]?.id)).toBeLessThan(Number(first.items[1]?.id));

    const forged = await inbox(relaxed, token, '?cursor=bm9wZQ');
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({
      code: 'pagination_cursor_invalid',
      detail: 'Curseur de pagination invalide.',
    });
  });
});
