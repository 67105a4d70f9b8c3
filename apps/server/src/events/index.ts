/**
 * The event port: a use case publishes a fact in its own transaction (numbered in the customer's
 * live event log, announced on CUSTOMER_EVENTS_CHANNEL at commit) and hands it to the subscribers
 * attached at wiring time. Kernel code: it imports no module, so every feature may publish, and
 * the live stream (modules/events) only listens.
 */
import type {
  AppNotification,
  CardAuthenticationLiveEvent,
  CardEvent,
  CreditEvent,
  CustomerStatus,
  DirectDebitLiveEvent,
  MessageLiveEvent,
  TransferEvent,
} from '@comptoir/contracts';
import type { Queryable } from '../db/types.ts';
import { deliver, type PublishContext, type PublishedEvents } from './port.ts';
import { appendCustomerEvent } from './log-queries.ts';

export {
  type EventSubscriber,
  type PublishContext,
  type PublishedEvents,
  type PublishedEventType,
  subscribe,
} from './port.ts';
export { CUSTOMER_EVENTS_CHANNEL } from './log-queries.ts';

/**
 * Every announcement below is numbered in the customer's event log and kept a few minutes (a
 * stream that reconnects gets what it missed, on any instance) — in the caller's transaction.
 *
 * Announces a customer's new status to their live streams on every instance. Call it inside the
 * transaction that changes the status: the notification leaves only if that transaction commits.
 */
export const publishStatus = (q: Queryable, customerId: string, status: CustomerStatus): Promise<void> =>
  appendCustomerEvent(q, customerId, { type: 'status', status });

/** Announces a notification just kept, with the customer's unread count, in the caller's transaction. */
export async function publishNotification(
  ctx: PublishContext,
  q: Queryable,
  customerId: string,
  notification: AppNotification,
  unreadCount: number,
): Promise<void> {
  await appendCustomerEvent(q, customerId, { type: 'notification', notification, unreadCount });
  await deliver('notification', ctx, q, customerId, { notification });
}

/**
 * Announces an online card payment's 3-D Secure authentication — asked for (the customer has 10
 * minutes to approve or refuse it), decided on any device, or expired — to the customer's live
 * streams and to its subscribers (a push message reaches a closed app). Call it inside the writing
 * transaction.
 */
export async function publishCardAuthentication(
  ctx: PublishContext,
  q: Queryable,
  customerId: string,
  event: Omit<CardAuthenticationLiveEvent, 'type'>,
): Promise<void> {
  await appendCustomerEvent(q, customerId, { type: 'card_authentication', ...event });
  await deliver('card_authentication', ctx, q, customerId, event);
}

/**
 * Announces money credited to a customer's account (docs/product/accounts-and-spaces.md#live-updates: it appears without a reload) and hands
 * it to its subscribers, which keep its notification. Call it inside the transaction that posts the
 * entry: nothing is announced or kept for a credit that rolled back.
 */
export async function publishCredit(
  ctx: PublishContext,
  q: Queryable,
  customerId: string,
  credit: Omit<CreditEvent, 'type'>,
): Promise<void> {
  await appendCustomerEvent(q, customerId, { type: 'credit', ...credit });
  await deliver('credit', ctx, q, customerId, credit);
}

/**
 * Announces a new status of one of the customer's transfers (settled, rejected, executed, skipped,
 * cancelled); an execution, a rejection or a skip is also kept as a notification (a cancellation is
 * the customer's own act). Call it inside the transaction that changes the transfer.
 */
export async function publishTransfer(
  ctx: PublishContext,
  q: Queryable,
  customerId: string,
  transfer: Omit<TransferEvent, 'type'>,
): Promise<void> {
  await appendCustomerEvent(q, customerId, { type: 'transfer', ...transfer });
  await deliver('transfer', ctx, q, customerId, transfer);
}

/**
 * Announces what happened on one of the customer's cards (approval, decline, clearing, expiry,
 * refund); an approval, a decline and a refund are also kept as notifications (a clearing or an
 * expiry adds nothing the customer has not heard). Call it inside the transaction that records it.
 */
export async function publishCard(
  ctx: PublishContext,
  q: Queryable,
  customerId: string,
  card: Omit<CardEvent, 'type'>,
): Promise<void> {
  await appendCustomerEvent(q, customerId, { type: 'card', ...card });
  await deliver('card', ctx, q, customerId, card);
}

/**
 * Announces a direct debit on one of the customer's accounts: announced by the creditor's bank,
 * refused by the customer, booked, or returned unpaid with its reason; an announcement and a return
 * are also kept as notifications. Call it inside the transaction that records it.
 */
export async function publishDirectDebit(
  ctx: PublishContext,
  q: Queryable,
  customerId: string,
  directDebit: Omit<DirectDebitLiveEvent, 'type'>,
): Promise<void> {
  await appendCustomerEvent(q, customerId, { type: 'direct_debit', ...directDebit });
  await deliver('direct_debit', ctx, q, customerId, directDebit);
}

/**
 * Announces a change in the customer's secure-message thread (a bank message, the customer's own
 * from another session, messages read) with the unread count; a new bank message (direction `bank`
 * with an unread count — reading sends 0) is also kept as a notification. Call it inside the
 * writing transaction.
 */
export async function publishMessage(
  ctx: PublishContext,
  q: Queryable,
  customerId: string,
  message: Omit<MessageLiveEvent, 'type'>,
): Promise<void> {
  await appendCustomerEvent(q, customerId, { type: 'message', ...message });
  await deliver('message', ctx, q, customerId, message);
}

/**
 * Announces that some of the customer's sessions were signed out (from the profile, or all others
 * by a password change). Each open stream then checks its own session: a revoked one is told
 * `signed_out` and ends at once, the others pass the news on (the profile's list refreshes). Call it
 * inside the revoking transaction.
 */
export const publishSessionsChanged = (q: Queryable, customerId: string): Promise<void> =>
  appendCustomerEvent(q, customerId, { type: 'sessions' });

/**
 * Announces that the customer's Espaces changed (created, renamed, closed, money moved): every open
 * tab reads its balances again. Call it inside the changing transaction.
 */
export const publishSpacesChanged = (q: Queryable, customerId: string): Promise<void> =>
  appendCustomerEvent(q, customerId, { type: 'spaces' });

/**
 * Announces a document asked of the customer (`open`: its dialog opens on whatever screen is shown)
 * or the document they sent accepted (`accepted`), and hands it to its subscribers, which tell the
 * customer (a notification; a mail for an acceptance). Call it inside the deciding transaction.
 */
export async function publishDocumentRequest(
  ctx: PublishContext,
  q: Queryable,
  customerId: string,
  event: PublishedEvents['document_request'],
): Promise<void> {
  await appendCustomerEvent(q, customerId, {
    type: 'document_request',
    requestId: event.requestId,
    status: event.status,
  });
  await deliver('document_request', ctx, q, customerId, event);
}

/**
 * Announces the decision on the customer's identity change request (the profile shows the new
 * identity without a reload) and hands it to its subscribers (a notification). Call it inside the
 * deciding transaction.
 */
export async function publishIdentityChange(
  ctx: PublishContext,
  q: Queryable,
  customerId: string,
  event: PublishedEvents['identity_change'],
): Promise<void> {
  await appendCustomerEvent(q, customerId, {
    type: 'identity_change',
    requestId: event.requestId,
    status: event.status,
  });
  await deliver('identity_change', ctx, q, customerId, event);
}
