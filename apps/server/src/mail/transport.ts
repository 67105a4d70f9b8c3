import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Where the outbox worker hands mails over. */
export interface MailTransport {
  readonly kind: 'smtp' | 'sandbox';
  send(mail: OutgoingMail): Promise<void>;
  close(): Promise<void>;
}

/**
 * Real delivery through SMTP (`SMTP_URL`, e.g. `smtps://user:pass@smtp.example:465` or
 * `smtp://smtp.example:587`; nodemailer upgrades with STARTTLS when offered and verifies the
 * certificate). Timeouts stay well under the worker's claim lease.
 */
export function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport({
    url,
    connectionTimeout: 20_000,
    greetingTimeout: 20_000,
    socketTimeout: 60_000,
  });
  return {
    kind: 'smtp',
    async send(mail) {
      const info = await transporter.sendMail(mail);
      if (info.rejected.length > 0)
        throw new Error(`SMTP server rejected ${info.rejected.length} recipient(s)`);
    },
    close: async () => transporter.close(),
  };
}

/**
 * Sandbox: delivers nowhere. The outbox row itself is the mail in the sandbox mailbox
 * (`/dev/mailbox`), marked `sent` by the worker.
 */
export function sandboxTransport(): MailTransport {
  return { kind: 'sandbox', send: async () => undefined, close: async () => undefined };
}

/** SMTP when `SMTP_URL` is configured, else the sandbox mailbox. */
export const createTransport = (config: Pick<Config, 'smtpUrl'>): MailTransport =>
  config.smtpUrl ? smtpTransport(config.smtpUrl) : sandboxTransport();
