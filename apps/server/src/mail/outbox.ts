import type { Queryable } from '../db/types.ts';

export interface MailMessage {
  to: string;
  template: string;
  subject: string;
  text: string;
  html: string;
}

/** Durable outbox: a mail is a row written in the same transaction as the change that causes it. */
export interface Outbox {
  enqueue(q: Queryable, message: MailMessage): Promise<void>;
}

export const outbox: Outbox = {
  async enqueue(q, m) {
    await q.query(
      `insert into mail_outbox (to_address, template, subject, text_body, html_body) values ($1, $2, $3, $4, $5)`,
      [m.to, m.template, m.subject, m.text, m.html],
    );
  },
};
