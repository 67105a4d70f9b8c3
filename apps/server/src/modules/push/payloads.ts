import {
  PushPayload,
  type AppNotification,
  type CardAuthentication,
  type NotificationKind,
  type Psd2AuthorisationLiveEvent,
} from '@comptoir/contracts';
import { formatEuros, ofName } from '@comptoir/core';

/** The payload for a device that shows amounts, and for one that does not (the default). */
export interface PayloadPair {
  withAmounts: PushPayload;
  withoutAmounts: PushPayload;
}

const MAX_BODY = 240;

const clip = (text: string): string => (text.length > MAX_BODY ? `${text.slice(0, MAX_BODY - 1)}…` : text);
const capitalise = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** « chez X », « vers X »; « de » elided before a vowel (« d’Energie Verte »). */
const linked = (preposition: string, who: string): string =>
  preposition === 'de' ? ofName(who) : `${preposition} ${who}`;

/** « 35,00 € chez X », « Chez X », « 35,00 € » or the fallback, as the facts allow. */
function phrase(amount: string | null, preposition: string, who: string | null, fallback: string): string {
  if (amount && who) return `${amount} ${linked(preposition, who)}`;
  if (who) return capitalise(linked(preposition, who));
  return amount ?? fallback;
}

const withReason = (text: string, reason: string | null): string => (reason ? `${text} : ${reason}` : text);

interface Text {
  title: string;
  body: string;
  url: string;
}

/**
 * The French words of each kind of notification. `amount` is the formatted amount, or null for a
 * device that hides amounts. An operator's free note (refund, claim) is never put on a locked
 * screen: the in-app list shows it.
 */
const TEXTS: Record<NotificationKind, (n: AppNotification, amount: string | null) => Text> = {
  credit: (n, amount) => ({
    title: 'Virement reçu',
    body: phrase(amount, 'de', n.counterparty, 'Un virement a été crédité sur votre compte.'),
    url: '/notifications',
  }),
  card_payment: (n, amount) => ({
    title: 'Paiement par carte',
    body: phrase(amount, 'chez', n.counterparty, 'Un paiement par carte a été accepté.'),
    url: '/carte',
  }),
  card_declined: (n, amount) => ({
    title: 'Paiement par carte refusé',
    body: withReason(phrase(amount, 'chez', n.counterparty, 'Un paiement par carte a été refusé'), n.reason),
    url: '/carte',
  }),
  card_refund: (n, amount) => ({
    title: 'Remboursement sur votre carte',
    body: phrase(amount, 'de', n.counterparty, 'Un commerçant vous a remboursé.'),
    url: '/carte',
  }),
  transfer_executed: (n, amount) => ({
    title: 'Virement exécuté',
    body: phrase(amount, 'vers', n.counterparty, 'Votre virement a été exécuté.'),
    url: '/virementshome',
  }),
  transfer_rejected: (n, amount) => ({
    title: 'Virement refusé',
    body: withReason(phrase(amount, 'vers', n.counterparty, 'Votre virement a été refusé'), n.reason),
    url: '/virementshome',
  }),
  transfer_skipped: (n, amount) => ({
    title: 'Virement programmé non exécuté',
    body: withReason(
      phrase(amount, 'vers', n.counterparty, 'Un virement programmé n’a pas été exécuté'),
      n.reason,
    ),
    url: '/virementshome',
  }),
  message: () => ({
    title: 'Nouveau message de votre banque',
    body: 'Ouvrez votre messagerie sécurisée pour le lire.',
    url: '/notifications',
  }),
  direct_debit_announced: (n, amount) => ({
    title: 'Prélèvement annoncé',
    body: phrase(amount, 'de', n.counterparty, 'Un prélèvement a été annoncé sur votre compte.'),
    url: '/virementshome/prelevements',
  }),
  direct_debit_returned: (n, amount) => ({
    title: 'Prélèvement rejeté',
    body: withReason(phrase(amount, 'de', n.counterparty, 'Un prélèvement a été rejeté'), n.reason),
    url: '/virementshome/prelevements',
  }),
  direct_debit_refunded: (n, amount) => ({
    title: 'Prélèvement remboursé',
    body: phrase(amount, 'de', n.counterparty, 'Un prélèvement vous a été remboursé.'),
    url: '/virementshome/prelevements',
  }),
  direct_debit_claim_rejected: (n) => ({
    title: 'Réclamation refusée',
    body: n.counterparty
      ? `Prélèvement ${ofName(n.counterparty)} : la décision est dans vos prélèvements.`
      : 'La décision est dans vos prélèvements.',
    url: '/virementshome/prelevements',
  }),
  document_requested: (n) => ({
    title: 'Document demandé',
    body: n.counterparty
      ? `${n.counterparty} : déposez-le depuis votre espace.`
      : 'Déposez-le depuis votre espace.',
    url: '/notifications',
  }),
  document_accepted: (n) => ({
    title: 'Document accepté',
    body: n.counterparty
      ? `${n.counterparty} : vous n’avez rien d’autre à faire.`
      : 'Vous n’avez rien d’autre à faire.',
    url: '/notifications',
  }),
  identity_change_accepted: () => ({
    title: 'Modification d’identité acceptée',
    body: 'Vos nouvelles informations figurent sur votre profil.',
    url: '/profil',
  }),
  identity_change_rejected: () => ({
    title: 'Modification d’identité refusée',
    body: 'Le motif est dans votre profil.',
    url: '/profil',
  }),
};

const payload = (text: Text, tag: string): PushPayload =>
  PushPayload.parse({ title: text.title, body: clip(text.body), url: text.url, tag });

/** The push message of a notification just kept, for both kinds of device. */
export function notificationPayloads(n: AppNotification): PayloadPair {
  const tag = `notification-${n.id}`;
  const amount = n.amount === null ? null : formatEuros(BigInt(n.amount));
  return {
    withAmounts: payload(TEXTS[n.kind](n, amount), tag),
    withoutAmounts: payload(TEXTS[n.kind](n, null), tag),
  };
}

/** Where the customer answers an online payment's 3-D Secure request. */
const ONLINE_PAYMENTS = '/carte/paiements-en-ligne';

function authenticationText(a: CardAuthentication, amount: string | null): Text | null {
  switch (a.status) {
    case 'pending':
      return {
        title: 'Confirmer un paiement en ligne',
        body: `${phrase(amount, 'chez', a.merchant, '')} : confirmez ou refusez ce paiement.`,
        url: `${ONLINE_PAYMENTS}?confirmer=${encodeURIComponent(a.id)}`,
      };
    case 'approved':
      return {
        title: 'Paiement en ligne confirmé',
        body: phrase(amount, 'chez', a.merchant, ''),
        url: ONLINE_PAYMENTS,
      };
    case 'refused':
      return {
        title: 'Paiement en ligne refusé',
        body: phrase(amount, 'chez', a.merchant, ''),
        url: ONLINE_PAYMENTS,
      };
    case 'expired':
      return {
        title: 'Paiement en ligne non confirmé',
        body: `${phrase(amount, 'chez', a.merchant, '')} : le délai de confirmation est écoulé.`,
        url: ONLINE_PAYMENTS,
      };
    case 'exempted':
      return null;
  }
}

/**
 * The push message of a 3-D Secure authentication: a request to confirm while it is pending; once it
 * is decided (on any device) or expired, a message with the same tag that replaces the request on
 * every device; nothing for an exempted payment (nobody was asked anything).
 */
export function authenticationPayloads(a: CardAuthentication): PayloadPair | null {
  const tag = `card-authentication-${a.id}`;
  const shown = authenticationText(a, formatEuros(BigInt(a.amount)));
  const hidden = authenticationText(a, null);
  if (!shown || !hidden) return null;
  return { withAmounts: payload(shown, tag), withoutAmounts: payload(hidden, tag) };
}

/**
 * The push message of a TPP's request to decide in the app (PSD2, decoupled): while it waits, a
 * request that opens the authorisation page; once decided (on any device) or expired, a message with
 * the same tag that replaces it.
 */
export function psd2AuthorisationPayloads(a: Psd2AuthorisationLiveEvent['authorisation']): PayloadPair {
  const tag = `psd2-authorisation-${a.id}`;
  const text = (amount: string | null): Text => {
    const what =
      a.kind === 'payment' ? (amount ? `un paiement de ${amount}` : 'un paiement') : 'l’accès à vos comptes';
    switch (a.status) {
      case 'received':
        return {
          title: 'Autorisation demandée',
          body: `${a.tpp.name} vous demande d’autoriser ${what}.`,
          url: `/psd2/autorisation/${encodeURIComponent(a.id)}`,
        };
      case 'finalised':
        return { title: 'Demande autorisée', body: `${a.tpp.name} : ${what} autorisé.`, url: '/profil' };
      case 'failed':
        return { title: 'Demande close', body: `${a.tpp.name} : ${what}, non autorisé.`, url: '/profil' };
    }
  };
  const amount = a.amount === null ? null : formatEuros(BigInt(a.amount));
  return { withAmounts: payload(text(amount), tag), withoutAmounts: payload(text(null), tag) };
}
