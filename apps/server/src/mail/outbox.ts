import type { Queryable } from '../db/types.ts';
import { insertOutboxMail } from './queries.ts';

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
    await insertOutboxMail(q, m);
  },
};
