import {
  NOTIFICATIONS_KEPT,
  type AppNotification,
  type NotificationKind,
  type NotificationPreferences,
} from '@comptoir/contracts';
import { toJsonCents } from '@comptoir/core';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/types.ts';
import { cardPaymentNoticeMail, creditNoticeMail, mailBrand } from '../../mail/templates.ts';
import { keepNotification, notificationRecipient, type NotificationRow } from './queries.ts';

/** What the notification producers need of the application: the clock, and the outbox for e-mails. */
export type NotifyContext = Pick<AppContext, 'clock' | 'config' | 'outbox'>;

export interface NotificationInput {
  kind: NotificationKind;
  amount: bigint | null;
  counterparty: string | null;
  number: string | null;
  reason: string | null;
}

export const toNotification = (r: NotificationRow): AppNotification => ({
  id: r.id,
  kind: r.kind,
  amount: r.amount === null ? null : toJsonCents(r.amount),
  counterparty: r.counterparty,
  number: r.number,
  reason: r.reason,
  createdAt: r.created_at.toISOString(),
  readAt: r.read_at?.toISOString() ?? null,
});

/**
 * Keeps a notification for the customer, in the caller's transaction (it exists exactly when its
 * cause commits), drops those beyond the latest NOTIFICATIONS_KEPT, and — when the customer asked
 * for it — queues the e-mail of a credit or a card payment in the same transaction. Returns the
 * notification and the unread count after it, for the live event.
 */
export async function recordNotification(
  ctx: NotifyContext,
  q: Queryable,
  customerId: string,
  input: NotificationInput,
): Promise<{ notification: AppNotification; unreadCount: number }> {
  const now = ctx.clock.now();
  const kept = await keepNotification(q, { customerId, ...input, now }, NOTIFICATIONS_KEPT);
  await mailIfAsked(ctx, q, customerId, input.kind, kept.preferences, now);
  return { notification: toNotification(kept.row), unreadCount: kept.unreadCount };
}

async function mailIfAsked(
  ctx: NotifyContext,
  q: Queryable,
  customerId: string,
  kind: NotificationKind,
  preferences: NotificationPreferences,
  at: Date,
): Promise<void> {
  if (kind !== 'credit' && kind !== 'card_payment') return;
  const wanted = kind === 'credit' ? preferences.emailOnCredit : preferences.emailOnCardPayment;
  if (!wanted) return;
  const recipient = await notificationRecipient(q, customerId);
  if (!recipient) return;
  const brand = mailBrand(ctx.config);
  const r = { to: recipient.email, firstName: recipient.first_name, at };
  await ctx.outbox.enqueue(
    q,
    kind === 'credit' ? creditNoticeMail(brand, r) : cardPaymentNoticeMail(brand, r),
  );
}
