import type { Outbox } from './mail-message.ts';
import { insertOutboxMail } from './queries.ts';

export const outbox: Outbox = {
  async enqueue(q, m) {
    await insertOutboxMail(q, m);
  },
};
