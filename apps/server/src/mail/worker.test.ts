import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { makeTestContext, uniqueEmail, type TestContext } from '../testing/test-context.ts';
import { outboxRowById } from './queries.ts';
import { enqueueResetMail } from './__tests__/helpers.ts';
import {
  createTransport,
  sandboxTransport,
  smtpTransport,
  type MailTransport,
  type OutgoingMail,
} from './transport.ts';
import { drainOutbox, MAX_MAIL_ATTEMPTS, retryDelayMs, startMailWorker } from './worker.ts';

let t: TestContext;
beforeAll(async () => {
  // Draining takes every due mail of the database: this file's own, not other files' on PostgreSQL.
  t = await makeTestContext({ rateLimits: false }, { ownDatabase: true });
});
afterAll(async () => t.close());

/** Enqueues a password reset mail to a fresh address and returns its outbox id and address. */
const enqueueOne = (to = uniqueEmail('courrier')) => enqueueResetMail(t.ctx, 'abc123', to);

/** Fails for the given addresses only (the database may hold other test files' mails). */
function failingFor(
  addresses: Set<string>,
  error = 'connexion refusée',
): MailTransport & { calls: OutgoingMail[] } {
  const calls: OutgoingMail[] = [];
  return {
    kind: 'smtp',
    calls,
    async send(mail) {
      if (!addresses.has(mail.to)) return;
      calls.push(mail);
      throw new Error(error);
    },
    close: async () => undefined,
  };
}

// --- a tiny MIME reader for what nodemailer sends (encoded-word subject, QP/base64 parts) ---
const decodeWords = (value: string) =>
  value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_m, enc: string, text: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))),
            'latin1',
          ).toString('utf8'),
    );
const decodeQp = (body: string) =>
  Buffer.from(
    body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))),
    'latin1',
  ).toString('utf8');
function readMime(raw: string): { subject: string; parts: string[] } {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const subject = decodeWords(/^Subject: (.*)$/im.exec(unfolded)?.[1] ?? '');
  const body = rest.join('\n\n');
  const parts = body.split(/\r?\n--[^\r\n]+/).map((part) => {
    const [partHead = '', ...partBody] = part.split(/\r?\n\r?\n/);
    const content = partBody.join('\n\n');
    if (/quoted-printable/i.test(partHead)) return decodeQp(content);
    if (/base64/i.test(partHead)) return Buffer.from(content.replace(/\s+/g, ''), 'base64').toString('utf8');
    return content;
  });
  return { subject, parts };
}

describe('SMTP transport', () => {
  it('delivers a real mail through an SMTP server (subject, text and HTML arrive)', async () => {
    const received: { from: string; to: string[]; raw: string }[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onRcptTo(address, _session, callback) {
        if (address.address.startsWith('refuse.')) callback(new Error('550 boîte inconnue'));
        else callback();
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    const transport = smtpTransport(`smtp://127.0.0.1:${port}`);
    try {
      const ok = await enqueueOne();
      const refused = await enqueueOne(uniqueEmail('refuse'));
      await drainOutbox(t.ctx, transport);

      const mail = received.find((r) => r.to.includes(ok.to));
      expect(mail).toBeDefined();
      expect(mail?.from).toBe('ne-pas-repondre@comptoir.example');
      const { subject, parts } = readMime(mail!.raw);
      expect(subject).toBe('Réinitialisation de votre mot de passe Comptoir');
      const all = parts.join('\n');
      expect(all).toContain('Bonjour Zoé,');
      expect(all).toContain('http://localhost:3000/change-password?token=abc123');
      expect(all).toContain('<!doctype html>');
      const sent = await outboxRowById(t.ctx.db, ok.id);
      expect(sent).toMatchObject({ status: 'sent', attempts: 1, last_error: null });
      expect(sent?.sent_at).toBeInstanceOf(Date);

      // A recipient the server refuses: not sent, kept for a retry with the server's reason.
      expect(received.some((r) => r.to.includes(refused.to))).toBe(false);
      const retry = await outboxRowById(t.ctx.db, refused.id);
      expect(retry).toMatchObject({ status: 'pending', attempts: 1 });
      expect(retry?.last_error).toMatch(/550|boîte inconnue|rejected|Recipient/i);
    } finally {
      await transport.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('createTransport picks SMTP when SMTP_URL is set, the sandbox mailbox otherwise', async () => {
    const smtp = createTransport({ smtpUrl: 'smtp://127.0.0.1:2525' });
    expect(smtp.kind).toBe('smtp');
    await smtp.close();
    expect(createTransport({ smtpUrl: undefined }).kind).toBe('sandbox');
  });
});

describe('outbox worker', () => {
  it('retries a failing mail with exponential backoff, then gives up after 8 attempts', async () => {
    const { id, to } = await enqueueOne();
    const transport = failingFor(new Set([to]));
    const expectedDelays: number[] = [];

    for (let attempt = 1; attempt <= MAX_MAIL_ATTEMPTS; attempt++) {
      await drainOutbox(t.ctx, transport);
      expect(transport.calls).toHaveLength(attempt);
      const row = await outboxRowById(t.ctx.db, id);
      expect(row?.attempts).toBe(attempt);
      expect(row?.last_error).toContain('connexion refusée');
      if (attempt === MAX_MAIL_ATTEMPTS) {
        expect(row?.status).toBe('failed');
        break;
      }
      expect(row?.status).toBe('pending');
      const delay = row!.next_attempt_at.getTime() - t.clock.now().getTime();
      expectedDelays.push(delay);
      // Not due before its time…
      t.clock.advance(delay - 1000);
      await drainOutbox(t.ctx, transport);
      expect(transport.calls).toHaveLength(attempt);
      // …due at it.
      t.clock.advance(1000);
    }
    expect(expectedDelays).toEqual([1, 2, 3, 4, 5, 6, 7].map(retryDelayMs));
    expect(expectedDelays.slice(0, 3)).toEqual([60_000, 120_000, 240_000]);

    // Failed for good: never tried again.
    t.clock.advance(24 * 60 * 60_000);
    await drainOutbox(t.ctx, transport);
    expect(transport.calls).toHaveLength(MAX_MAIL_ATTEMPTS);
  });

  it('sends a mail that failed once when its retry is due', async () => {
    const { id, to } = await enqueueOne();
    await drainOutbox(t.ctx, failingFor(new Set([to])));
    expect((await outboxRowById(t.ctx.db, id))?.status).toBe('pending');
    t.clock.advance(retryDelayMs(1));
    await drainOutbox(t.ctx, sandboxTransport());
    expect(await outboxRowById(t.ctx.db, id)).toMatchObject({
      status: 'sent',
      attempts: 2,
      last_error: null,
    });
  });

  it('two workers draining at once send each mail exactly once', async () => {
    const mine = await Promise.all(Array.from({ length: 25 }, () => enqueueOne()));
    const addresses = new Set(mine.map((m) => m.to));
    const sent: string[] = [];
    const counting: MailTransport = {
      kind: 'sandbox',
      async send(mail) {
        if (addresses.has(mail.to)) sent.push(mail.to);
        await new Promise((r) => setTimeout(r, 2));
      },
      close: async () => undefined,
    };
    await Promise.all([
      drainOutbox(t.ctx, counting),
      drainOutbox(t.ctx, counting),
      drainOutbox(t.ctx, counting),
    ]);
    expect(sent.sort()).toEqual([...addresses].sort());
    for (const m of mine) expect((await outboxRowById(t.ctx.db, m.id))?.status).toBe('sent');
  });

  it('startMailWorker polls the outbox and stops cleanly', async () => {
    // The worker's timers are fake, so time is ours to move; every poll reads the clock first.
    let polls = 0;
    const counted = {
      ...t.ctx,
      clock: {
        now: () => {
          polls++;
          return t.ctx.clock.now();
        },
      },
    };
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const worker = startMailWorker(counted, sandboxTransport(), { intervalMs: 20 });
      const { id } = await enqueueOne();
      // vi.waitFor moves the fake clock by `interval` at each check.
      await vi.waitFor(async () => expect((await outboxRowById(t.ctx.db, id))?.status).toBe('sent'), {
        timeout: 10_000,
        interval: 20,
      });
      await worker.stop();
      const pollsAtStop = polls;
      // Stopped: a new mail stays pending, and fifty intervals later no poll has even started.
      const { id: later } = await enqueueOne();
      await vi.advanceTimersByTimeAsync(1000);
      expect(polls).toBe(pollsAtStop);
      expect((await outboxRowById(t.ctx.db, later))?.status).toBe('pending');
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps polling after an error', async () => {
    const errors: unknown[] = [];
    let calls = 0;
    const flaky: MailTransport = {
      kind: 'sandbox',
      send: async () => undefined,
      close: async () => undefined,
    };
    const ctx = {
      ...t.ctx,
      clock: {
        now: () => {
          calls++;
          if (calls === 1) throw new Error('base indisponible');
          return t.ctx.clock.now();
        },
      },
    };
    const worker = startMailWorker(ctx, flaky, { intervalMs: 10, onError: (e) => errors.push(e) });
    const { id } = await enqueueOne();
    await vi.waitFor(async () => expect((await outboxRowById(t.ctx.db, id))?.status).toBe('sent'), {
      timeout: 10_000,
    });
    await worker.stop();
    expect(errors).toHaveLength(1);
  });
});
