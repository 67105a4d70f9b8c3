import type { Queryable } from '../../db/types.ts';
import { publishNotification } from '../../events/index.ts';
import { subscribe, type EventSubscriber } from '../../events/index.ts';
import { recordNotification, type NotificationInput, type NotifyContext } from './record-service.ts';

/** Keeps the notification (and its e-mail, if asked for) and announces it live, in the caller's transaction. */
async function notify(
  ctx: NotifyContext,
  q: Queryable,
  customerId: string,
  input: NotificationInput,
): Promise<void> {
  const { notification, unreadCount } = await recordNotification(ctx, q, customerId, input);
  await publishNotification(ctx, q, customerId, notification, unreadCount);
}

/** Money credited to the customer's account is kept as a notification. */
export const notifyCredit: EventSubscriber<'credit'> = (ctx, q, customerId, credit) =>
  notify(ctx, q, customerId, {
    kind: 'credit',
    amount: BigInt(credit.amount),
    counterparty: credit.counterpartyName,
    number: credit.number,
    reason: null,
  });

const TRANSFER_NOTIFICATIONS = {
  executed: 'transfer_executed',
  rejected: 'transfer_rejected',
  skipped: 'transfer_skipped',
} as const;

/** An execution, a rejection or a skip is kept as a notification (a cancellation is the customer's own act). */
export const notifyTransfer: EventSubscriber<'transfer'> = async (ctx, q, customerId, transfer) => {
  const status = transfer.status;
  if (status !== 'executed' && status !== 'rejected' && status !== 'skipped') return;
  await notify(ctx, q, customerId, {
    kind: TRANSFER_NOTIFICATIONS[status],
    amount: BigInt(transfer.amount),
    counterparty: transfer.payeeName,
    number: transfer.number,
    reason: status === 'executed' ? null : transfer.reasonMessage,
  });
};

const CARD_NOTIFICATIONS = {
  authorized: 'card_payment',
  declined: 'card_declined',
  refund: 'card_refund',
} as const;

/** An approval, a decline and a refund are kept as notifications (a clearing or an expiry adds nothing new). */
export const notifyCard: EventSubscriber<'card'> = async (ctx, q, customerId, card) => {
  const { activity } = card;
  if (activity.kind !== 'authorized' && activity.kind !== 'declined' && activity.kind !== 'refund') return;
  await notify(ctx, q, customerId, {
    kind: CARD_NOTIFICATIONS[activity.kind],
    amount: activity.amount > 0 ? BigInt(activity.amount) : null,
    counterparty: activity.merchant,
    number: null,
    reason: activity.kind === 'declined' ? activity.reasonMessage : null,
  });
};

/** A new bank message (direction `bank` with an unread count — reading sends 0) is kept as a notification. */
export const notifyMessage: EventSubscriber<'message'> = async (ctx, q, customerId, message) => {
  if (message.direction !== 'bank' || message.unread === 0) return;
  await notify(ctx, q, customerId, {
    kind: 'message',
    amount: null,
    counterparty: null,
    number: null,
    reason: null,
  });
};

/**
 * A direct debit announced by the creditor's bank (« Prélèvement annoncé »), one returned unpaid
 * with the French message of its reason, one refunded (« Prélèvement remboursé », by the customer
 * or an accepted claim, with the operator's note) and a claim rejected (with the note) are kept as
 * notifications (a booking shows in the operations; a refusal is the customer's own act).
 */
export const notifyDirectDebit: EventSubscriber<'direct_debit'> = async (ctx, q, customerId, debit) => {
  if (debit.activity !== undefined) {
    await notify(ctx, q, customerId, {
      kind: debit.activity === 'claim_rejected' ? 'direct_debit_claim_rejected' : 'direct_debit_refunded',
      amount: BigInt(debit.amount),
      counterparty: debit.creditorName,
      number: null,
      reason: debit.decisionNote ?? null,
    });
    return;
  }
  if (debit.status !== 'announced' && debit.status !== 'returned') return;
  await notify(ctx, q, customerId, {
    kind: debit.status === 'announced' ? 'direct_debit_announced' : 'direct_debit_returned',
    amount: BigInt(debit.amount),
    counterparty: debit.creditorName,
    number: null,
    reason: debit.status === 'returned' ? debit.returnMessage : null,
  });
};

/**
 * A document asked of the customer (« Document demandé », with what is asked) and one accepted
 * (« Document accepté ») are kept as notifications; the mails of both leave with their cause.
 */
export const notifyDocumentRequest: EventSubscriber<'document_request'> = (ctx, q, customerId, request) =>
  notify(ctx, q, customerId, {
    kind: request.status === 'open' ? 'document_requested' : 'document_accepted',
    amount: null,
    counterparty: request.documentLabel,
    number: null,
    reason: null,
  });

/** A reason as a notification keeps it: 300 characters at most, cut with an ellipsis. */
const shortReason = (reason: string): string => (reason.length <= 300 ? reason : `${reason.slice(0, 299)}…`);

/** An identity change accepted, or rejected with its reason, is kept as a notification. */
export const notifyIdentityChange: EventSubscriber<'identity_change'> = (ctx, q, customerId, change) =>
  notify(ctx, q, customerId, {
    kind: change.status === 'accepted' ? 'identity_change_accepted' : 'identity_change_rejected',
    amount: null,
    counterparty: null,
    number: null,
    reason: change.status === 'rejected' && change.reason !== null ? shortReason(change.reason) : null,
  });

/** Keeps a notification (and its e-mail, when the customer asked for one) for each event that calls for it. */
export function subscribeNotifications(): void {
  subscribe('credit', notifyCredit);
  subscribe('transfer', notifyTransfer);
  subscribe('card', notifyCard);
  subscribe('message', notifyMessage);
  subscribe('direct_debit', notifyDirectDebit);
  subscribe('document_request', notifyDocumentRequest);
  subscribe('identity_change', notifyIdentityChange);
}
