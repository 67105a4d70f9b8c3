// Notifications (docs/product/profile-and-security.md#notifications: a credit, a card payment or decline, a transfer's outcome and a bank
// message appear live and stay in a list; §10 `profile`: `GET /api/notifications`,
// `POST /api/notifications/read`) and the e-mail preferences (`/api/me/notification-preferences`).
import { z } from 'zod';
import { AmountCents, IsoDateTime, text } from './common.ts';

export const NOTIFICATION_KINDS = [
  'credit',
  'card_payment',
  'card_declined',
  'card_refund',
  'transfer_executed',
  'transfer_rejected',
  'transfer_skipped',
  'message',
  'direct_debit_announced',
  'direct_debit_returned',
  'direct_debit_refunded',
  'direct_debit_claim_rejected',
  'document_requested',
  'document_accepted',
  'identity_change_accepted',
  'identity_change_rejected',
] as const;
export const NotificationKind = z.enum(NOTIFICATION_KINDS);
export type NotificationKind = z.infer<typeof NotificationKind>;

/** How many notifications a customer keeps (older ones are dropped as new ones arrive). */
export const NOTIFICATIONS_KEPT = 200;

/**
 * One notification, with only what the web app needs to say it in French: an amount in cents, a
 * counterparty (payer, merchant or payee), the operation's st- number, the French reason of a refusal.
 */
export const AppNotification = z
  .object({
    id: z.string(),
    kind: NotificationKind,
    amount: AmountCents.nullable(),
    counterparty: z.string().nullable(),
    number: z.string().nullable(),
    reason: z.string().nullable(),
    createdAt: IsoDateTime,
    readAt: IsoDateTime.nullable(),
  })
  .meta({ id: 'Notification' });
export type AppNotification = z.infer<typeof AppNotification>;

export const NotificationsQuery = z.object({
  cursor: text().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});
export type NotificationsQuery = z.infer<typeof NotificationsQuery>;

/** `GET /api/notifications`: newest first, by cursor, with the customer's unread count. */
export const NotificationsPage = z.object({
  items: z.array(AppNotification),
  unreadCount: z.number().int(),
  nextCursor: z.string().nullable(),
});
export type NotificationsPage = z.infer<typeof NotificationsPage>;

/** `POST /api/notifications/read`: these notifications (the customer's own; others are ignored), or all. */
export const ReadNotificationsRequest = z.object({
  ids: z.array(z.uuid('Identifiant de notification invalide.')).min(1).max(100).optional(),
});
export type ReadNotificationsRequest = z.infer<typeof ReadNotificationsRequest>;

export const UnreadNotifications = z.object({ unreadCount: z.number().int() });
export type UnreadNotifications = z.infer<typeof UnreadNotifications>;

/** `GET`/`PUT /api/me/notification-preferences`: e-mails besides the notification (both off by default). */
export const NotificationPreferences = z
  .object({
    emailOnCredit: z.boolean(),
    emailOnCardPayment: z.boolean(),
  })
  .meta({ id: 'NotificationPreferences' });
export type NotificationPreferences = z.infer<typeof NotificationPreferences>;

/**
 * A `GET /api/events` message: a new notification, with the unread count after it. The browser shows
 * it as one discreet toast, sets the bell's badge and refreshes the list.
 */
export const NotificationLiveEvent = z.object({
  type: z.literal('notification'),
  notification: AppNotification,
  unreadCount: z.number().int(),
});
export type NotificationLiveEvent = z.infer<typeof NotificationLiveEvent>;
