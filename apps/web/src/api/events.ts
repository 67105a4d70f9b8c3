import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  LiveEvent,
  CardAuthenticationLiveEvent,
  DocumentRequestLiveEvent,
  Me,
  MessageLiveEvent,
  NotificationLiveEvent,
  Psd2AuthorisationLiveEvent,
  Psd2PendingAuthorisation,
} from '@comptoir/contracts';
import { eventsRoutes } from '@comptoir/contracts/client';
import { notificationText } from '../customer/notifications/notification-text.ts';
import { withAuthentication } from '../customer/card-authentications/card-authentication-view.ts';
import { withPendingAuthorisation } from '../customer/psd2/psd2-pending.ts';
import { useNavigate } from 'react-router';
import { i18n } from '../i18n/i18n.ts';
import { notifyError, notifyInfo } from '../ui/toasts.ts';
import { openDocumentRequests } from '../customer/documents/document-dialog.ts';
import { documentRequestKeys } from './document-requests.ts';
import { fraudReportKeys } from './fraud-reports.ts';
import { customerHeldCreditKeys } from './held-credits.ts';
import { messageKeys } from './messages.ts';
import { notificationKeys } from './notifications.ts';
import { psd2Keys } from './psd2.ts';
import { queryKeys } from './query-keys.ts';
import { wasShown } from './transfer-notices.ts';
import { quietSessionLost } from './client.ts';
import { clearLocalSession } from './session.ts';
import { sessionKeys } from './sessions.ts';
import { paths } from '../app/paths.ts';
import { ACCOUNT_CLOSED_STATE } from './account-closed.ts';

/**
 * Live updates for the signed-in customer (`GET /api/events`, Server-Sent Events, same origin,
 * session cookie), one stream per page:
 * - a status different from what the app knows reloads `GET /api/me`, and the router then shows the
 *   screen of the new status — the dashboard once the account is open;
 * - a credit refreshes the balances and operations (no reload, docs/product/accounts-and-spaces.md#live-updates),
 *   and the fraud reports (an accepted claim is refunded by a credit, docs/fraud-reports.md);
 * - a transfer's new status (an instant transfer to another bank settled or rejected, a one-off
 *   executed, a repetition skipped) refreshes balances, operations and transfers;
 * - a card payment (approved, declined, cleared, expired, refunded) refreshes balances, operations
 *   and the card screen;
 * - a secure message (or messages read in another session) sets the unread badge and refetches the
 *   thread;
 * - a notification (a credit, a card payment, decline or refund, a transfer executed, rejected or
 *   skipped, a bank message — each sent after the event of its cause) is the one discreet toast
 *   of it (a refusal in red with its reason), sets the bell's count and refreshes the list.
 * - `signed_out` (this session was signed out from another device, or expired, or the bank closed
 *   the account): the stream ends and the app goes to /connexion at once, saying why (a closed
 *   account on the sign-in page itself); `sessions` (another session was signed out)
 *   refreshes the profile's list of sessions;
 * - `spaces` (an Espace created, renamed or closed, or money moved, in another tab or session)
 *   refreshes the balances, the Espaces and their operations.
 * - `held_credit` (a credit received held for verification, then released or returned) refreshes
 *   the balances and operations, and the credits « en cours de vérification ».
 * - `direct_debit` (a direct debit announced, refused, booked or returned) refreshes the balances,
 *   operations and the « Prélèvements » screen (collections, mandates).
 * - `document_request` (a document asked of the customer, or the one sent accepted) reads the
 *   requests again: a new one opens its dialog on whatever screen is shown;
 *   `identity_change` (the customer's request decided) reads the profile and the request again.
 * - `card_authentication` (an online payment to confirm, or one decided on any device, or expired)
 *   updates the list of online payments: the dialog « Confirmer un paiement en ligne » opens or
 *   says what happened, on whatever screen is open.
 * - `psd2_authorisation` (a third party asked the customer to decide in the app — a payment, an
 *   access —, or that request was decided or expired) updates the list of requests to decide: the
 *   banner « … vous demande d’autoriser … » shows it, or no longer does.
 * - `resync` (some events missed while the connection was down are no longer kept): every query is
 *   read again.
 * EventSource reconnects by itself, sending the id of the last event received (`Last-Event-ID`): the
 * server replays what was missed, on whichever instance the connection reaches, after the current
 * status. When the browser gives up (an error answer, e.g. a 502 while an instance restarts), a
 * new EventSource is opened after a few seconds with `?lastEventId=` (it cannot set the header).
 */
export function useLiveEvents(enabled: boolean): void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    let source: EventSource;
    let lastEventId = '';
    let reopen: ReturnType<typeof setTimeout> | undefined;
    let closed = false;

    const receive = (message: MessageEvent<string>) => {
      if (message.lastEventId) lastEventId = message.lastEventId;
      let data: unknown;
      try {
        data = JSON.parse(message.data);
      } catch {
        return;
      }
      // The server writes each event from its contract type (`LiveEvent`); one of a type this
      // version of the app does not know is ignored.
      if (typeof data !== 'object' || data === null || !('type' in data)) return;
      const event = data as LiveEvent;
      if (event.type === 'status') {
        const known = queryClient.getQueryData<Me | null>(queryKeys.me)?.status;
        if (known !== event.status) void queryClient.invalidateQueries({ queryKey: queryKeys.me });
      } else if (event.type === 'notification') {
        void onNotification(queryClient, event);
      } else if (event.type === 'credit') {
        refreshAccounts(queryClient);
        // An accepted fraud claim's refund arrives as a credit: its report now reads « remboursé ».
        void queryClient.invalidateQueries({ queryKey: fraudReportKeys.mine });
      } else if (event.type === 'spaces') {
        refreshAccounts(queryClient);
      } else if (event.type === 'held_credit') {
        refreshAccounts(queryClient);
        void queryClient.invalidateQueries({ queryKey: customerHeldCreditKeys.mine });
      } else if (event.type === 'direct_debit') {
        onDirectDebit(queryClient);
      } else if (event.type === 'document_request') {
        onDocumentRequest(queryClient, event);
      } else if (event.type === 'identity_change') {
        // The profile shows the new identity (or the refusal) without a reload.
        void queryClient.invalidateQueries({ queryKey: queryKeys.me });
        void queryClient.invalidateQueries({ queryKey: queryKeys.identityChanges });
      } else if (event.type === 'card_authentication') {
        onCardAuthentication(queryClient, event);
      } else if (event.type === 'psd2_authorisation') {
        onPsd2Authorisation(queryClient, event);
      } else if (event.type === 'transfer') {
        onTransfer(queryClient);
      } else if (event.type === 'message') {
        onMessage(queryClient, event);
      } else if (event.type === 'sessions') {
        void queryClient.invalidateQueries({ queryKey: sessionKeys.list });
      } else if (event.type === 'resync') {
        void queryClient.invalidateQueries();
      } else if (event.type === 'signed_out') {
        closed = true;
        source.close();
        quietSessionLost(5_000);
        clearLocalSession(queryClient);
        // A closed account is said on the sign-in page itself, where it stays (a toast would fade).
        if (event.reason === 'closed') {
          void navigate(paths.login, { replace: true, state: ACCOUNT_CLOSED_STATE });
          return;
        }
        notifyInfo(
          event.reason === 'revoked' ? i18n.t('myProfile.sessions.signedOutHere') : i18n.t('session.expired'),
        );
        void navigate(paths.login, { replace: true });
      } else {
        onCard(queryClient);
      }
    };

    const open = () => {
      const query = lastEventId ? `?lastEventId=${encodeURIComponent(lastEventId)}` : '';
      source = new EventSource(`${eventsRoutes.getEvents.path}${query}`, { withCredentials: true });
      source.onmessage = receive;
      // A refused connection (401: signed out, or a 502 from the proxy) is not retried by the
      // browser; ask /api/me what happened (signed out: the app leaves this page), and open a new
      // stream a little later, where this one stopped.
      source.onerror = () => {
        if (source.readyState !== EventSource.CLOSED || closed) return;
        void queryClient.invalidateQueries({ queryKey: queryKeys.me });
        clearTimeout(reopen);
        reopen = setTimeout(open, 5_000);
      };
    };
    open();

    return () => {
      closed = true;
      clearTimeout(reopen);
      source.close();
    };
  }, [enabled, queryClient, navigate]);
}

/** Accounts (Espaces too) and their operations share the `accounts` key prefix: one invalidation. */
function refreshAccounts(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: queryKeys.accounts });
}

/** Balances and operations, and the « Prélèvements » screen's collections and mandates. */
function onDirectDebit(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: queryKeys.accounts });
  void queryClient.invalidateQueries({ queryKey: queryKeys.directDebits });
}

/**
 * The customer's document requests are read again; a new one opens its dialog on whatever screen is
 * shown, even after « Plus tard ».
 */
function onDocumentRequest(queryClient: QueryClient, event: DocumentRequestLiveEvent): void {
  if (event.status === 'open') openDocumentRequests();
  else void queryClient.invalidateQueries({ queryKey: documentRequestKeys.mine });
}

function onTransfer(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: queryKeys.accounts });
  void queryClient.invalidateQueries({ queryKey: queryKeys.transfers });
}

/** Accounts (balances, operations) and cards (spent amounts, activity) share one prefix each. */
function onCard(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: queryKeys.accounts });
  void queryClient.invalidateQueries({ queryKey: queryKeys.cards });
}

/** The authentication the event carries takes its place in the list the dialog and /carte/paiements-en-ligne read. */
function onCardAuthentication(queryClient: QueryClient, event: CardAuthenticationLiveEvent): void {
  queryClient.setQueryData(
    queryKeys.cardAuthentications,
    (list: { items: CardAuthenticationLiveEvent['authentication'][] } | undefined) =>
      withAuthentication(list, event.authentication),
  );
}

/** The request the event carries joins or leaves the list the banner of requests to decide reads. */
function onPsd2Authorisation(queryClient: QueryClient, event: Psd2AuthorisationLiveEvent): void {
  // Not read yet (the banner mounts once the screen is shown): its first read brings the request.
  queryClient.setQueryData<Psd2PendingAuthorisation[] | undefined>(psd2Keys.pending, (list) =>
    list ? withPendingAuthorisation(list, event.authorisation) : undefined,
  );
}

/** The badge takes the count the event carries; the thread (if shown) is read again. */
function onMessage(queryClient: QueryClient, event: MessageLiveEvent): void {
  queryClient.setQueryData(messageKeys.unread, event.unread);
  void queryClient.invalidateQueries({ queryKey: messageKeys.thread });
}

/**
 * One toast per notification, and only there: the bell takes the count the event carries and the
 * list is read again. A transfer's outcome the screen already showed (the confirmation sheet, the
 * form's rejection message) is kept in the list but not toasted again.
 */
async function onNotification(queryClient: QueryClient, event: NotificationLiveEvent): Promise<void> {
  queryClient.setQueryData(notificationKeys.unread, event.unreadCount);
  void queryClient.invalidateQueries({ queryKey: notificationKeys.list });
  const { notification } = event;
  if (
    notification.kind.startsWith('transfer_') &&
    notification.number &&
    (await wasShown(notification.number))
  )
    return;
  const text = notificationText(notification);
  const message = i18n.t(text.key, text.values);
  if (text.tone === 'info') notifyInfo(message);
  // A refusal leads with its reason (« Paiement refusé : plafond hebdomadaire atteint — 50,00 € chez Fnac »).
  else if (text.reason && text.detail) notifyError(`${text.reason} — ${i18n.t(text.detail, text.values)}`);
  else notifyError(message);
}
