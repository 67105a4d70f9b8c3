/**
 * The event port: a use case publishes a fact in its own transaction — one durable row
 * (`domain_events`), nothing more — and, once that transaction has committed, the dispatcher
 * (`dispatcher.ts`) numbers it in the customer's live event log, announces it to the live streams
 * of every instance and hands it to the subscribers attached at wiring time (notifications, push),
 * exactly once, in order per customer (docs/events.md). Kernel code: it imports no module, so every
 * feature may publish, and the live stream (modules/events) only listens.
 */
import type { AppNotification, CustomerStatus } from '@comptoir/contracts';
import type { Queryable } from '../db/types.ts';
import { deliver, type PublishContext, type PublishedEvents } from './port.ts';
import { deliverCommittedEvents } from './delivery-hook.ts';
import { insertDomainEvent } from './dispatch-queries.ts';
import { announceLive } from './log-queries.ts';

export {
  type EventSubscriber,
  type PublishContext,
  type PublishedEvents,
  type PublishedEventType,
  subscribe,
} from './port.ts';
export { CUSTOMER_EVENTS_CHANNEL } from './log-queries.ts';

/** A durable event: the one row the publisher's transaction writes. */
type DurableEventType = Exclude<keyof PublishedEvents, 'notification'>;

/**
 * Writes the event's row in the caller's transaction and asks for its delivery once that
 * transaction has committed (the caller's `tx` returns after it, or after DELIVERY_WAIT_MS; the
 * jobs' pass delivers whatever another instance, or a killed one, left behind).
 */
async function recordEvent<T extends DurableEventType>(
  q: Queryable,
  customerId: string,
  type: T,
  payload: PublishedEvents[T],
): Promise<void> {
  await insertDomainEvent(q, customerId, type, payload);
  q.afterCommit?.(deliverCommittedEvents);
}

/**
 * Each publisher below writes its event in the caller's transaction: the event exists, and is
 * delivered, exactly when that transaction commits; what follows from it (the live message, a
 * notification, a push message, a mail) is written after commit by the dispatcher.
 *
 * A customer's new status (their live streams on every instance follow it).
 */
export const publishStatus = (q: Queryable, customerId: string, status: CustomerStatus): Promise<void> =>
  recordEvent(q, customerId, 'status', { status });

/** Money credited to a customer's account (docs/product/accounts-and-spaces.md#live-updates: it appears without a reload, and is kept as a notification). */
export const publishCredit = (
  q: Queryable,
  customerId: string,
  credit: PublishedEvents['credit'],
): Promise<void> => recordEvent(q, customerId, 'credit', credit);

/**
 * A new status of one of the customer's transfers (settled, rejected, executed, skipped,
 * cancelled); an execution, a rejection or a skip is also kept as a notification (a cancellation is
 * the customer's own act).
 */
export const publishTransfer = (
  q: Queryable,
  customerId: string,
  transfer: PublishedEvents['transfer'],
): Promise<void> => recordEvent(q, customerId, 'transfer', transfer);

/**
 * What happened on one of the customer's cards (approval, decline, clearing, expiry, refund); an
 * approval, a decline and a refund are also kept as notifications.
 */
export const publishCard = (q: Queryable, customerId: string, card: PublishedEvents['card']): Promise<void> =>
  recordEvent(q, customerId, 'card', card);

/**
 * An online card payment's 3-D Secure authentication — asked for (the customer has 10 minutes to
 * approve or refuse it), decided on any device, or expired; a push message reaches a closed app.
 */
export const publishCardAuthentication = (
  q: Queryable,
  customerId: string,
  event: PublishedEvents['card_authentication'],
): Promise<void> => recordEvent(q, customerId, 'card_authentication', event);

/**
 * A request a TPP asked the customer to decide in the app (PSD2, decoupled approach) — asked for
 * (until its end), decided on any device, or expired; a push message reaches a closed app.
 */
export const publishPsd2Authorisation = (
  q: Queryable,
  customerId: string,
  event: PublishedEvents['psd2_authorisation'],
): Promise<void> => recordEvent(q, customerId, 'psd2_authorisation', event);

/**
 * A direct debit on one of the customer's accounts: announced by the creditor's bank, refused by
 * the customer, booked, or returned unpaid with its reason; an announcement and a return are also
 * kept as notifications.
 */
export const publishDirectDebit = (
  q: Queryable,
  customerId: string,
  directDebit: PublishedEvents['direct_debit'],
): Promise<void> => recordEvent(q, customerId, 'direct_debit', directDebit);

/**
 * A change in the customer's secure-message thread (a bank message, the customer's own from another
 * session, messages read) with the unread count; a new bank message is also kept as a notification.
 */
export const publishMessage = (
  q: Queryable,
  customerId: string,
  message: PublishedEvents['message'],
): Promise<void> => recordEvent(q, customerId, 'message', message);

/**
 * Some of the customer's sessions were signed out (from the profile, or all others by a password
 * change). Each open stream then checks its own session: a revoked one is told `signed_out` and
 * ends at once, the others pass the news on (the profile's list refreshes).
 */
export const publishSessionsChanged = (q: Queryable, customerId: string): Promise<void> =>
  recordEvent(q, customerId, 'sessions', {});

/** The customer's Espaces changed (created, renamed, closed, money moved): every open tab reads its balances again. */
export const publishSpacesChanged = (q: Queryable, customerId: string): Promise<void> =>
  recordEvent(q, customerId, 'spaces', {});

/**
 * One of the customer's incoming credits was held (« en cours de vérification »), released or
 * returned: every open tab reads its balances and held credits again, told nothing of why.
 */
export const publishHeldCreditChanged = (q: Queryable, customerId: string): Promise<void> =>
  recordEvent(q, customerId, 'held_credit', {});

/**
 * A document asked of the customer (`open`: its dialog opens on whatever screen is shown) or the
 * one they sent accepted (`accepted`): a notification; the mails leave with their cause.
 */
export const publishDocumentRequest = (
  q: Queryable,
  customerId: string,
  event: PublishedEvents['document_request'],
): Promise<void> => recordEvent(q, customerId, 'document_request', event);

/** The decision on the customer's identity change request (the profile shows it without a reload; a notification). */
export const publishIdentityChange = (
  q: Queryable,
  customerId: string,
  event: PublishedEvents['identity_change'],
): Promise<void> => recordEvent(q, customerId, 'identity_change', event);

/**
 * Announces a notification just kept, with the customer's unread count, and hands it to its
 * subscribers (push). Called by the notifications' subscriber while the dispatcher delivers the
 * event that caused it, in the dispatcher's transaction: a notification is not itself a durable
 * event, and publishes nothing into the events it follows.
 */
export async function publishNotification(
  ctx: PublishContext,
  q: Queryable,
  customerId: string,
  notification: AppNotification,
  unreadCount: number,
): Promise<void> {
  await announceLive(q, customerId, { type: 'notification', notification, unreadCount });
  await deliver('notification', ctx, q, customerId, { notification });
}
