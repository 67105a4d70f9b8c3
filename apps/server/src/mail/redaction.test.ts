import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestContext, uniqueEmail, type TestContext } from '../testing/test-context.ts';
import { listMailbox } from './mailbox.ts';
import { outboxRowById } from './queries.ts';
import { enqueueResetMail } from './__tests__/helpers.ts';
import { sandboxTransport, type MailTransport } from './transport.ts';
import {
  drainOutbox,
  MAX_MAIL_ATTEMPTS,
  redactDeliveredMails,
  retryDelayMs,
  SANDBOX_MAILBOX_HOURS,
} from './worker.ts';

let t: TestContext;
beforeAll(async () => {
  // Draining takes every due mail of the database: this file's own, not other files' on PostgreSQL.
  t = await makeTestContext({ rateLimits: false }, { ownDatabase: true });
});
afterAll(async () => t.close());

const TOKEN = 'jeton-secret-de-reinitialisation';

const enqueueReset = (to = uniqueEmail('effacement')) => enqueueResetMail(t.ctx, TOKEN, to);

/** An SMTP-like transport that accepts only the given addresses' mails (others fail). */
function smtpLike(accept: (to: string) => boolean): MailTransport & { delivered: string[] } {
  const delivered: string[] = [];
  return {
    kind: 'smtp',
    delivered,
    async send(mail) {
      if (!accept(mail.to)) throw new Error('boîte inconnue');
      delivered.push(mail.text);
    },
    close: async () => undefined,
  };
}

const tokenRows = async () =>
  (
    await t.ctx.db.query<{ n: bigint }>(
      `select count(*) as n from mail_outbox where text_body like $1 or html_body like $1`,
      [`%${TOKEN}%`],
    )
  ).rows[0]?.n;

describe('one-time links do not outlive their delivery in mail_outbox', () => {
  it('with SMTP, the body is emptied as the mail is marked sent; recipient, subject and times stay', async () => {
    const { id, to } = await enqueueReset();
    expect((await outboxRowById(t.ctx.db, id))?.text_body).toContain(TOKEN);
    const transport = smtpLike((address) => address === to);
    await drainOutbox(t.ctx, transport);
    expect(transport.delivered.some((text) => text.includes(TOKEN))).toBe(true);

    const row = await outboxRowById(t.ctx.db, id);
    expect(row).toMatchObject({
      status: 'sent',
      to_address: to,
      template: 'password_reset',
      subject: 'Réinitialisation de votre mot de passe Comptoir',
      text_body: '',
      html_body: '',
    });
    expect(row?.sent_at).toBeInstanceOf(Date);
  });

  it('a mail given up for good loses its body too', async () => {
    const { id } = await enqueueReset();
    const refusing = smtpLike(() => false);
    for (let attempt = 1; attempt <= MAX_MAIL_ATTEMPTS; attempt++) {
      await drainOutbox(t.ctx, refusing);
      t.clock.advance(retryDelayMs(attempt));
    }
    expect(await outboxRowById(t.ctx.db, id)).toMatchObject({
      status: 'failed',
      text_body: '',
      html_body: '',
    });
  });

  it('the sandbox mailbox shows the link for SANDBOX_MAILBOX_HOURS, then the body is emptied', async () => {
    const { id, to } = await enqueueReset();
    await drainOutbox(t.ctx, sandboxTransport());
    const [shown] = await listMailbox(t.ctx, to);
    expect(shown?.status).toBe('sent');
    expect(shown?.links.some((link) => link.includes(TOKEN))).toBe(true);

    t.clock.advance(SANDBOX_MAILBOX_HOURS * 3600_000 - 60_000);
    await redactDeliveredMails(t.ctx, sandboxTransport());
    expect((await outboxRowById(t.ctx.db, id))?.text_body).toContain(TOKEN);

    t.clock.advance(60_000);
    await redactDeliveredMails(t.ctx, sandboxTransport());
    expect(await outboxRowById(t.ctx.db, id)).toMatchObject({ status: 'sent', text_body: '', html_body: '' });
    expect((await listMailbox(t.ctx, to))[0]?.links).toEqual([]);
  });

  it('after the worker has sent everything, no token remains anywhere in mail_outbox', async () => {
    await enqueueReset();
    await enqueueReset();
    // Rows delivered by an earlier version, which kept bodies: the start-up pass empties them.
    const old = await enqueueReset();
    await t.ctx.db.query(`update mail_outbox set status = 'sent', sent_at = $2 where id = $1`, [
      String(old.id),
      t.clock.now(),
    ]);
    const transport = smtpLike(() => true);
    await drainOutbox(t.ctx, transport);
    await redactDeliveredMails(t.ctx, transport);
    expect(await tokenRows()).toBe(0n);
  });
});
