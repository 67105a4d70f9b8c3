import type {
  CardEvent,
  CreditEvent,
  CustomerStatus,
  MessageLiveEvent,
  TransferEvent,
} from '@comptoir/contracts';
import type { Queryable } from '../../db/types.ts';
import { transferSummary } from '../notifications/queries.ts';
import {
  recordNotification,
  type NotificationInput,
  type NotifyContext,
} from '../notifications/record-service.ts';
import { notifyCustomerEvent, notifyCustomerStatus } from './queries.ts';

/**
 * Announces a customer's new status to their live streams on every instance. Call it inside the
 * transaction that changes the status: the notification leaves only if that transaction commits.
 */
export const publishStatus = (q: Queryable, customerId: string, status: CustomerStatus): Promise<void> =>
  notifyCustomerStatus(q, customerId, status);

/** Keeps the notification (and its e-mail, if asked for) and announces it live, in the caller's transaction. */
async function notify(
  ctx: NotifyContext,
  q: Queryable,
  customerId: string,
  input: NotificationInput,
): Promise<void> {
  const { notification, unreadCount } = await recordNotification(ctx, q, customerId, input);
  await notifyCustomerEvent(q, customerId, { type: 'notification', notification, unreadCount });
}

/**
 * Announces money credited to a customer's account (SPEC §5: it appears without a reload) and keeps
 * its notification. Call it inside the transaction that posts the entry: nothing is announced or kept
 * for a credit that rolled back.
 */
export async function publishCredit(
  ctx: NotifyContext,
  q: Queryable,
  customerId: string,
  credit: Omit<CreditEvent, 'type'>,
): Promise<void> {
  await notifyCustomerEvent(q, customerId, { type: 'credit', ...credit });
  await notify(ctx, q, customerId, {
    kind: 'credit',
    amount: BigInt(credit.amount),
    counterparty: credit.counterpartyName,
    number: credit.number,
    reason: null,
  });
}

const TRANSFER_NOTIFICATIONS = {
  executed: 'transfer_executed',
  rejected: 'transfer_rejected',
  skipped: 'transfer_skipped',
} as const;

/**
 * Announces a new status of one of the customer's transfers (settled, rejected, executed, skipped,
 * cancelled); an execution, a rejection or a skip is also kept as a notification (a cancellation is
 * the customer's own act). Call it inside the transaction that changes the transfer.
 */
export async function publishTransfer(
  ctx: NotifyContext,
  q: Queryable,
  customerId: string,
  transfer: Omit<TransferEvent, 'type'>,
): Promise<void> {
  await notifyCustomerEvent(q, customerId, { type: 'transfer', ...transfer });
  const status = transfer.status;
  if (status !== 'executed' && status !== 'rejected' && status !== 'skipped') return;
  const summary = await transferSummary(q, customerId, transfer.transferId);
  await notify(ctx, q, customerId, {
    kind: TRANSFER_NOTIFICATIONS[status],
    amount: summary?.amount ?? null,
    counterparty: summary?.payee_name ?? null,
    number: transfer.number,
    reason: status === 'executed' ? null : transfer.reasonMessage,
  });
}

const CARD_NOTIFICATIONS = {
  authorized: 'card_payment',
  declined: 'card_declined',
  refund: 'card_refund',
} as const;

/**
 * Announces what happened on one of the customer's cards (approval, decline, clearing, expiry,
 * refund); an approval, a decline and a refund are also kept as notifications (a clearing or an
 * expiry adds nothing the customer has not heard). Call it inside the transaction that records it.
 */
export async function publishCard(
  ctx: NotifyContext,
  q: Queryable,
  customerId: string,
  card: Omit<CardEvent, 'type'>,
): Promise<void> {
  await notifyCustomerEvent(q, customerId, { type: 'card', ...card });
  const { activity } = card;
  if (activity.kind !== 'authorized' && activity.kind !== 'declined' && activity.kind !== 'refund') return;
  await notify(ctx, q, customerId, {
    kind: CARD_NOTIFICATIONS[activity.kind],
    amount: activity.amount > 0 ? BigInt(activity.amount) : null,
    counterparty: activity.merchant,
    number: null,
    reason: activity.kind === 'declined' ? activity.reasonMessage : null,
  });
}

/**
 * Announces a change in the customer's secure-message thread (a bank message, the customer's own
 * from another session, messages read) with the unread count; a new bank message (direction `bank`
 * with an unread count — reading sends 0) is also kept as a notification. Call it inside the
 * writing transaction.
 */
export async function publishMessage(
  ctx: NotifyContext,
  q: Queryable,
  customerId: string,
  message: Omit<MessageLiveEvent, 'type'>,
): Promise<void> {
  await notifyCustomerEvent(q, customerId, { type: 'message', ...message });
  if (message.direction !== 'bank' || message.unread === 0) return;
  await notify(ctx, q, customerId, {
    kind: 'message',
    amount: null,
    counterparty: null,
    number: null,
    reason: null,
  });
}

/**
 * Announces that some of the customer's sessions were signed out (from the profile, or all others
 * by a password change). Each open stream then checks its own session: a revoked one is told
 * `signed_out` and ends at once, the others pass the news on (the profile's list refreshes). Call it
 * inside the revoking transaction.
 */
export const publishSessionsChanged = (q: Queryable, customerId: string): Promise<void> =>
  notifyCustomerEvent(q, customerId, { type: 'sessions' });

/**
 * Announces that the customer's Espaces changed (created, renamed, closed, money moved): every open
 * tab reads its balances again. Call it inside the changing transaction.
 */
export const publishSpacesChanged = (q: Queryable, customerId: string): Promise<void> =>
  notifyCustomerEvent(q, customerId, { type: 'spaces' });
