import type { AppContext } from '../context.ts';
import { listMailbox, type MailboxEntry } from '../mail/mailbox.ts';

// What a test reads of the mail a customer or an applicant was sent: the sandbox mailbox's view of
// the outbox, and the tokens its links carry.

/** Mails of the outbox to one address, newest first (the sandbox mailbox view). */
export const mailsTo = (ctx: AppContext, to: string): Promise<MailboxEntry[]> => listMailbox(ctx, to);

/** The value of `param` in the first link of the newest mail to `to` whose link carries it. */
export async function tokenFromMail(ctx: AppContext, to: string, param: string): Promise<string> {
  for (const mail of await mailsTo(ctx, to)) {
    for (const link of mail.links) {
      const value = new URL(link).searchParams.get(param);
      if (value) return value;
    }
  }
  throw new Error(`no mail to ${to} with a link carrying ${param}`);
}
