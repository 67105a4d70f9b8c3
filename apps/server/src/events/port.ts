import type {
  AppNotification,
  CardAuthenticationLiveEvent,
  CardEvent,
  CreditEvent,
  CustomerStatus,
  DirectDebitLiveEvent,
  DocumentRequestLiveEvent,
  IdentityChangeLiveEvent,
  MessageLiveEvent,
  Psd2AuthorisationLiveEvent,
  TransferEvent,
} from '@comptoir/contracts';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Queryable } from '../db/types.ts';
import type { Outbox } from '../mail/mail-message.ts';

/** What the subscribers of published events need of the application: the clock, the outbox for e-mails. */
export interface PublishContext {
  clock: Clock;
  config: Config;
  outbox: Outbox;
}

/**
 * The published events, as their publisher gave them: each is one durable row (`domain_events`),
 * written in the publisher's transaction; after commit the dispatcher sends its live form to the
 * customer's streams and hands it to the subscribers below. Each carries the facts its subscribers
 * need, so that none reads back what caused it.
 */
export interface PublishedEvents {
  credit: Omit<CreditEvent, 'type'>;
  /** A transfer's new status, with its amount (integer cents, as in JSON) and payee, for its notification. */
  transfer: Omit<TransferEvent, 'type'> & { amount: number; payeeName: string };
  card: Omit<CardEvent, 'type'>;
  message: Omit<MessageLiveEvent, 'type'>;
  direct_debit: Omit<DirectDebitLiveEvent, 'type'>;
  /** A notification was kept for the customer (after the event that caused it). */
  notification: { notification: AppNotification };
  /** An online card payment's 3-D Secure authentication was asked for, decided or expired. */
  card_authentication: Omit<CardAuthenticationLiveEvent, 'type'>;
  /** A TPP asked the customer to decide in the app (PSD2, decoupled), or that request was decided or expired. */
  psd2_authorisation: Omit<Psd2AuthorisationLiveEvent, 'type'>;
  /** A document was asked of the customer, or the one they sent was accepted (with what was asked). */
  document_request: Omit<DocumentRequestLiveEvent, 'type'> & { documentLabel: string; blocking: boolean };
  /** The customer's identity change request was decided (a rejection with its reason). */
  identity_change: Omit<IdentityChangeLiveEvent, 'type'> & { reason: string | null };
  /** The customer's status changed. */
  status: { status: CustomerStatus };
  /** Some of the customer's sessions were signed out. */
  sessions: Record<string, never>;
  /** The customer's Espaces changed. */
  spaces: Record<string, never>;
  /** One of the customer's incoming credits was held, released or returned. */
  held_credit: Record<string, never>;
}

export type PublishedEventType = keyof PublishedEvents;

/**
 * Runs in the dispatcher's transaction, after commit of the cause, after the live announcement: what
 * it writes commits with the event's delivery mark, so it happens exactly once.
 */
export type EventSubscriber<T extends PublishedEventType> = (
  ctx: PublishContext,
  q: Queryable,
  customerId: string,
  event: PublishedEvents[T],
) => Promise<void>;

type Subscribers = { [T in PublishedEventType]: EventSubscriber<T>[] };

const subscribers: Subscribers = {
  credit: [],
  transfer: [],
  card: [],
  message: [],
  direct_debit: [],
  notification: [],
  card_authentication: [],
  psd2_authorisation: [],
  document_request: [],
  identity_change: [],
  status: [],
  sessions: [],
  spaces: [],
  held_credit: [],
};

/**
 * Follows one type of published event. Subscribers run in the order they subscribed; subscribing the
 * same function again changes nothing (the application is wired once per build, and a process may
 * build it many times).
 */
export function subscribe<T extends PublishedEventType>(type: T, subscriber: EventSubscriber<T>): void {
  const list: EventSubscriber<T>[] = subscribers[type];
  if (!list.includes(subscriber)) list.push(subscriber);
}

/** Hands a published event to its subscribers, one after the other, in the dispatcher's transaction. */
export async function deliver<T extends PublishedEventType>(
  type: T,
  ctx: PublishContext,
  q: Queryable,
  customerId: string,
  event: PublishedEvents[T],
): Promise<void> {
  const list: EventSubscriber<T>[] = subscribers[type];
  for (const subscriber of list) await subscriber(ctx, q, customerId, event);
}
