import type { AppNotification } from '@comptoir/contracts';
import { cents, formatEuros, formatSignedEuros, ofName } from '@comptoir/core';

type TextKey = `notifications.text.${
  | 'credit'
  | 'creditAnonymous'
  | 'cardPayment'
  | 'cardDeclined'
  | 'cardRefund'
  | 'transferExecuted'
  | 'transferRejected'
  | 'transferSkipped'
  | 'transferFallback'
  | 'directDebitAnnounced'
  | 'directDebitReturned'
  | 'directDebitRefunded'
  | 'directDebitClaimRejected'
  | 'documentRequested'
  | 'documentAccepted'
  | 'identityChangeAccepted'
  | 'identityChangeRejected'
  | 'message'}`;
type DetailKey = `notifications.detail.${'card' | 'transfer' | 'directDebit' | 'identityChange'}`;
type LinkKey = `notifications.open.${
  'operations' | 'card' | 'transfers' | 'directDebits' | 'message' | 'documents' | 'profile'}`;

export interface NotificationText {
  key: TextKey;
  values: { amount?: string; name?: string; ofName?: string; merchant?: string; number?: string };
  /** A refusal shows in red, with its French reason under it. */
  tone: 'info' | 'error';
  reason: string | null;
  /** What was refused, short (its toast reads « {reason} — {detail} »). */
  detail?: DetailKey;
  /** Where the notification leads, with the label of that link. */
  link: { to: string; label: LinkKey };
}

const OPERATIONS = { to: '/', label: 'notifications.open.operations' } as const;
const CARD = { to: '/carte', label: 'notifications.open.card' } as const;
const TRANSFERS = { to: '/virementshome', label: 'notifications.open.transfers' } as const;
const DIRECT_DEBITS = {
  to: '/virementshome/prelevements',
  label: 'notifications.open.directDebits',
} as const;
const MESSAGE = { to: '/profil', label: 'notifications.open.message' } as const;
/** « Accueil », where the dialog of a document to send opens. */
const DOCUMENTS = { to: '/', label: 'notifications.open.documents' } as const;
const PROFILE = { to: '/profil', label: 'notifications.open.profile' } as const;

/** What a notification says in French (the key and its values), its tone and where it leads. */
export function notificationText(n: AppNotification): NotificationText {
  const amount = n.amount === null ? '' : formatEuros(cents(n.amount));
  // Money in reads « + 12,34 € », as in the operations list.
  const credited = n.amount === null ? '' : formatSignedEuros(cents(n.amount));
  const name = n.counterparty ?? '';
  const info = { tone: 'info' as const, reason: null };
  switch (n.kind) {
    case 'credit':
      return name
        ? {
            ...info,
            key: 'notifications.text.credit',
            values: { amount: credited, ofName: ofName(name) },
            link: OPERATIONS,
          }
        : {
            ...info,
            key: 'notifications.text.creditAnonymous',
            values: { amount: credited },
            link: OPERATIONS,
          };
    case 'card_payment':
      return {
        ...info,
        key: 'notifications.text.cardPayment',
        values: { amount, merchant: name },
        link: OPERATIONS,
      };
    case 'card_refund':
      return {
        ...info,
        key: 'notifications.text.cardRefund',
        values: { amount: credited, merchant: name },
        link: OPERATIONS,
      };
    case 'card_declined':
      return {
        tone: 'error',
        reason: n.reason,
        detail: 'notifications.detail.card',
        key: 'notifications.text.cardDeclined',
        values: { amount, merchant: name },
        link: CARD,
      };
    case 'transfer_executed':
    case 'transfer_rejected':
    case 'transfer_skipped': {
      if (n.amount === null || !name) {
        return {
          tone: n.kind === 'transfer_executed' ? 'info' : 'error',
          reason: n.reason,
          key: 'notifications.text.transferFallback',
          values: { number: n.number ?? '' },
          link: TRANSFERS,
        };
      }
      const key =
        n.kind === 'transfer_executed'
          ? 'notifications.text.transferExecuted'
          : n.kind === 'transfer_rejected'
            ? 'notifications.text.transferRejected'
            : 'notifications.text.transferSkipped';
      return {
        tone: n.kind === 'transfer_executed' ? 'info' : 'error',
        reason: n.kind === 'transfer_executed' ? null : n.reason,
        detail: 'notifications.detail.transfer',
        key,
        values: { amount, name },
        link: n.kind === 'transfer_executed' ? OPERATIONS : TRANSFERS,
      };
    }
    case 'direct_debit_announced':
      return {
        ...info,
        key: 'notifications.text.directDebitAnnounced',
        values: { amount, name },
        link: DIRECT_DEBITS,
      };
    case 'direct_debit_returned':
      return {
        tone: 'error',
        reason: n.reason,
        detail: 'notifications.detail.directDebit',
        key: 'notifications.text.directDebitReturned',
        values: { amount, name },
        link: DIRECT_DEBITS,
      };
    case 'direct_debit_refunded':
      return {
        ...info,
        reason: n.reason,
        // The bank credits the money back, not the creditor.
        key: 'notifications.text.directDebitRefunded',
        values: { amount: credited, ofName: ofName(name) },
        link: OPERATIONS,
      };
    case 'direct_debit_claim_rejected':
      return {
        tone: 'error',
        reason: n.reason,
        detail: 'notifications.detail.directDebit',
        key: 'notifications.text.directDebitClaimRejected',
        values: { amount, name },
        link: DIRECT_DEBITS,
      };
    case 'message':
      return { ...info, key: 'notifications.text.message', values: {}, link: MESSAGE };
    case 'document_requested':
      return { ...info, key: 'notifications.text.documentRequested', values: { name }, link: DOCUMENTS };
    case 'document_accepted':
      return { ...info, key: 'notifications.text.documentAccepted', values: { name }, link: DOCUMENTS };
    case 'identity_change_accepted':
      return { ...info, key: 'notifications.text.identityChangeAccepted', values: {}, link: PROFILE };
    case 'identity_change_rejected':
      return {
        tone: 'error',
        reason: n.reason,
        detail: 'notifications.detail.identityChange',
        key: 'notifications.text.identityChangeRejected',
        values: {},
        link: PROFILE,
      };
  }
}
