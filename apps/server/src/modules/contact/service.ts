// Error codes thrown here: contact_filled_too_fast, contact_honeypot_filled, contact_too_many_links,
//   contact_too_many_messages, pagination_cursor_invalid.
import {
  CONTACT_LIMITS,
  type ContactMessage,
  type ContactMessagesPage,
  type ContactMessagesQuery,
  type ContactReceipt,
  type ContactRequest,
} from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { contactAcknowledgementMail, mailBrand } from '../../mail/templates.ts';
import {
  contactMessagesPage,
  countMessagesFrom,
  insertContactMessage,
  type ContactMessageRow,
} from './queries.ts';

/** Messages one address may send per hour: the acknowledgement mail must not become a mail bomb. */
export const MESSAGES_PER_ADDRESS_PER_HOUR = 3;
const PAGE_SIZE = 50;
const HOUR_MS = 60 * 60 * 1000;

const LINK = /\bhttps?:\/\/|\bwww\./gi;

/** Why a submission looks automated, in words the sender can act on; null when it does not. */
function spamReason(input: ContactRequest): AppError | null {
  if (input.website?.trim()) return new AppError('contact_honeypot_filled');
  if (input.fillTimeMs === undefined || input.fillTimeMs < CONTACT_LIMITS.minFillTimeMs) {
    return new AppError('contact_filled_too_fast');
  }
  if ((input.message.match(LINK)?.length ?? 0) > CONTACT_LIMITS.maxLinks) {
    return new AppError('contact_too_many_links', { maxLinks: CONTACT_LIMITS.maxLinks });
  }
  return null;
}

/**
 * A visitor's message: stored, and acknowledged by mail in the same transaction. Refused when it
 * looks automated (honeypot, filled too fast, link farm) or when the address already wrote
 * {@link MESSAGES_PER_ADDRESS_PER_HOUR} times in the last hour.
 */
export async function submitContactMessage(ctx: AppContext, input: ContactRequest): Promise<ContactReceipt> {
  const spam = spamReason(input);
  if (spam) throw spam;

  const now = ctx.clock.now();
  const row = await ctx.db.tx(async (q) => {
    const recent = await countMessagesFrom(q, input.email, new Date(now.getTime() - HOUR_MS));
    if (recent >= MESSAGES_PER_ADDRESS_PER_HOUR) {
      throw new AppError('contact_too_many_messages', { retryAfterSeconds: 3600 });
    }
    const inserted = await insertContactMessage(q, {
      name: input.name,
      company: input.company,
      email: input.email,
      message: input.message,
      receivedAt: now,
    });
    await ctx.outbox.enqueue(q, contactAcknowledgementMail(mailBrand(ctx.config), { to: input.email }));
    return inserted;
  });
  return { id: String(row.id), receivedAt: row.received_at.toISOString() };
}

const encodeCursor = (id: bigint) => Buffer.from(`c:${id}`).toString('base64url');
function decodeCursor(cursor: string | undefined): bigint | null {
  if (!cursor) return null;
  const match = /^c:(\d{1,18})$/.exec(Buffer.from(cursor, 'base64url').toString());
  if (!match?.[1]) throw new AppError('pagination_cursor_invalid');
  return BigInt(match[1]);
}

export const toContactMessage = (r: ContactMessageRow): ContactMessage => ({
  id: String(r.id),
  receivedAt: r.received_at.toISOString(),
  name: r.name,
  company: r.company,
  email: r.email,
  message: r.message,
  handledAt: r.handled_at?.toISOString() ?? null,
  handledBy: r.handled_by,
});

/** The back-office inbox, newest first, by cursor. */
export async function listContactMessages(
  ctx: AppContext,
  query: ContactMessagesQuery,
): Promise<ContactMessagesPage> {
  const limit = query.limit ?? PAGE_SIZE;
  const rows = await contactMessagesPage(ctx.db, {
    beforeId: decodeCursor(query.cursor),
    handled: query.state === undefined ? null : query.state === 'handled',
    limit: limit + 1,
  });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map(toContactMessage),
    nextCursor: rows.length > limit && last ? encodeCursor(last.id) : null,
  };
}
