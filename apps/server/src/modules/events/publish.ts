import type {
  CardEvent,
  CreditEvent,
  CustomerStatus,
  MessageLiveEvent,
  TransferEvent,
} from '@comptoir/contracts';
import type { Queryable } from '../../db/types.ts';
import { notifyCustomerEvent, notifyCustomerStatus } from './queries.ts';

/**
 * Announces a customer's new status to their live streams on every instance. Call it inside the
 * transaction that changes the status: the notification leaves only if that transaction commits.
 */
export const publishStatus = (q: Queryable, customerId: string, status: CustomerStatus): Promise<void> =>
  notifyCustomerStatus(q, customerId, status);

/**
 * Announces money credited to a customer's account (SPEC §5: it appears without a reload). Call it
 * inside the transaction that posts the entry: nothing is announced for a credit that rolled back.
 */
export const publishCredit = (
  q: Queryable,
  customerId: string,
  credit: Omit<CreditEvent, 'type'>,
): Promise<void> => notifyCustomerEvent(q, customerId, { type: 'credit', ...credit });

/**
 * Announces a new status of one of the customer's transfers (settled, rejected, executed, skipped).
 * Call it inside the transaction that changes the transfer: nothing leaves if it rolls back.
 */
export const publishTransfer = (
  q: Queryable,
  customerId: string,
  transfer: Omit<TransferEvent, 'type'>,
): Promise<void> => notifyCustomerEvent(q, customerId, { type: 'transfer', ...transfer });

/**
 * Announces what happened on one of the customer's cards (approval, decline, clearing, expiry,
 * refund). Call it inside the transaction that records it: nothing leaves if it rolls back.
 */
export const publishCard = (q: Queryable, customerId: string, card: Omit<CardEvent, 'type'>): Promise<void> =>
  notifyCustomerEvent(q, customerId, { type: 'card', ...card });

/**
 * Announces a change in the customer's secure-message thread (a bank message, the customer's own
 * from another session, messages read) with the unread count. Call it inside the writing transaction.
 */
export const publishMessage = (
  q: Queryable,
  customerId: string,
  message: Omit<MessageLiveEvent, 'type'>,
): Promise<void> => notifyCustomerEvent(q, customerId, { type: 'message', ...message });
