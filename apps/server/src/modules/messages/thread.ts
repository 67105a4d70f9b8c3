// Error codes thrown here: pagination_cursor_invalid.
import type { MessagesPage, MessagesQuery, SecureMessage } from '@comptoir/contracts';
import type { Queryable } from '../../db/types.ts';
import { AppError } from '../../errors.ts';
import { threadPage, type MessageRow } from './queries.ts';

const DEFAULT_LIMIT = 30;

const encodeCursor = (seq: string): string => Buffer.from(`m:${seq}`).toString('base64url');

function decodeCursor(cursor: string | undefined): string | null {
  if (!cursor) return null;
  const m = /^m:(\d{1,18})$/.exec(Buffer.from(cursor, 'base64url').toString());
  if (!m?.[1]) throw new AppError('pagination_cursor_invalid');
  return m[1];
}

const toMessage = (r: MessageRow): SecureMessage => ({
  id: r.id,
  direction: r.direction,
  body: r.body,
  author: r.direction === 'bank' ? r.author : null,
  createdAt: r.created_at.toISOString(),
  readAt: r.read_at?.toISOString() ?? null,
});

/** One page of a customer's thread (newest first) — shared by the customer's and the operator's reads. */
export async function readThread(
  q: Queryable,
  customerId: string,
  query: MessagesQuery,
  unread: number,
): Promise<MessagesPage> {
  const limit = query.limit ?? DEFAULT_LIMIT;
  const rows = await threadPage(q, customerId, { beforeSeq: decodeCursor(query.cursor), limit: limit + 1 });
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return {
    items: items.map(toMessage),
    nextCursor: rows.length > limit && last ? encodeCursor(last.seq) : null,
    unread,
  };
}
