import type { MessagesPage, MessagesQuery } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { unreadCount } from './queries.ts';
import { readThread } from './thread.ts';

/** The customer's own thread with the bank, newest first, and how many bank messages are unread. */
export async function customerThread(
  ctx: AppContext,
  customerId: string,
  query: MessagesQuery,
): Promise<MessagesPage> {
  return ctx.db.tx(async (q) => readThread(q, customerId, query, await unreadCount(q, customerId, 'bank')));
}
