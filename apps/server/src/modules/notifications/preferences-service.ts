import type { NotificationPreferences } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { notificationPreferences, saveNotificationPreferences } from './queries.ts';

/** `GET /api/me/notification-preferences`: the e-mails the customer asked for (both off by default). */
export const myNotificationPreferences = (
  ctx: AppContext,
  customerId: string,
): Promise<NotificationPreferences> => notificationPreferences(ctx.db, customerId);

/** `PUT /api/me/notification-preferences`: both switches at once; answers what is now saved. */
export async function setNotificationPreferences(
  ctx: AppContext,
  customerId: string,
  preferences: NotificationPreferences,
): Promise<NotificationPreferences> {
  return ctx.db.tx(async (q) => {
    await saveNotificationPreferences(q, customerId, preferences, ctx.clock.now());
    return notificationPreferences(q, customerId);
  });
}
