import type { Queryable } from '../db/types.ts';

/** One e-mail as the templates write it and the outbox keeps it. */
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
