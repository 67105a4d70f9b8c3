// Error codes thrown here: pagination_cursor_invalid.
import type { NotificationsPage, NotificationsQuery } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { notificationPage, unreadNotificationCount } from './queries.ts';
import { toNotification } from './record-service.ts';

const DEFAULT_LIMIT = 20;

const encodeCursor = (seq: string): string => Buffer.from(`n:${seq}`).toString('base64url');

function decodeCursor(cursor: string | undefined): string | null {
  if (!cursor) return null;
  const m = /^n:(\d{1,18})$/.exec(Buffer.from(cursor, 'base64url').toString());
  if (!m?.[1]) throw new AppError('pagination_cursor_invalid');
  return m[1];
}

/** `GET /api/notifications`: the customer's own notifications, newest first, and the unread count. */
export async function listNotifications(
  ctx: AppContext,
  customerId: string,
  query: NotificationsQuery,
): Promise<NotificationsPage> {
  const limit = query.limit ?? DEFAULT_LIMIT;
  const beforeSeq = decodeCursor(query.cursor);
  return ctx.db.tx(async (q) => {
    const rows = await notificationPage(q, customerId, { beforeSeq, limit: limit + 1 });
    const items = rows.slice(0, limit);
    const last = items.at(-1);
    return {
      items: items.map(toNotification),
      unreadCount: await unreadNotificationCount(q, customerId),
      nextCursor: rows.length > limit && last ? encodeCursor(last.seq) : null,
    };
  });
}
