import type { UnreadNotifications } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { markNotificationsRead, unreadNotificationCount } from './queries.ts';

/**
 * `POST /api/notifications/read`: marks the given notifications read, or all when none is given.
 * Only the customer's own are touched: another customer's id is ignored, exactly like an unknown one.
 */
export async function readNotifications(
  ctx: AppContext,
  customerId: string,
  ids: readonly string[] | undefined,
): Promise<UnreadNotifications> {
  return ctx.db.tx(async (q) => {
    await markNotificationsRead(q, customerId, ids ?? null, ctx.clock.now());
    return { unreadCount: await unreadNotificationCount(q, customerId) };
  });
}
