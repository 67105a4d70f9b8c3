import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { cents, formatSignedEuros } from '@comptoir/core';
import {
  LiveEvent,
  type CardEvent,
  type CreditEvent,
  type MessageLiveEvent,
  type Me,
  type TransferEvent,
} from '@comptoir/contracts';
import { i18n } from '../i18n/i18n.ts';
import { notifyError, notifyInfo } from '../ui/toasts.ts';
import { cardNotice } from './card-notices.ts';
import { messageKeys } from './messages.ts';
import { queryKeys } from './query-keys.ts';
import { transferNotice, wasShown } from './transfer-notices.ts';

/**
 * Live updates for the signed-in customer (`GET /api/events`, Server-Sent Events, same origin,
 * session cookie), one stream per page:
 * - a status different from what the app knows reloads `GET /api/me`, and the router then shows the
 *   screen of the new status — the dashboard once the account is open;
 * - a credit refreshes the balances and operations (no reload, SPEC §5) and says so discreetly;
 * - a transfer's new status (an instant transfer to another bank settled or rejected, a one-off
 *   executed, a repetition skipped) refreshes balances, operations and transfers, and says so
 *   discreetly unless the screen already showed it;
 * - a card payment (approved, declined, cleared, expired, refunded) refreshes balances, operations
 *   and the card screen, and says so discreetly — a decline in red with its reason;
 * - a secure message (or messages read in another session) sets the unread badge and refetches the
 *   thread; a new bank message is announced discreetly.
 * EventSource reconnects by itself; the first message after each (re)connection is the current
 * status, so no status change is missed while the connection was down.
 */
export function useLiveEvents(enabled: boolean): void {
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/events', { withCredentials: true });

    source.onmessage = (message: MessageEvent<string>) => {
      let data: unknown;
      try {
        data = JSON.parse(message.data);
      } catch {
        return;
      }
      const event = LiveEvent.safeParse(data);
      if (!event.success) return;
      if (event.data.type === 'status') {
        const known = queryClient.getQueryData<Me | null>(queryKeys.me)?.status;
        if (known !== event.data.status) void queryClient.invalidateQueries({ queryKey: queryKeys.me });
      } else if (event.data.type === 'credit') {
        onCredit(queryClient, event.data);
      } else if (event.data.type === 'transfer') {
        void onTransfer(queryClient, event.data);
      } else if (event.data.type === 'message') {
        onMessage(queryClient, event.data);
      } else {
        onCard(queryClient, event.data);
      }
    };

    // A refused connection (401: signed out) is not retried by the browser; ask /api/me what happened.
    source.onerror = () => {
      if (source.readyState === EventSource.CLOSED) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.me });
      }
    };

    return () => source.close();
  }, [enabled, queryClient]);
}

/** Accounts and every account's operations share the `accounts` key prefix: one invalidation. */
function onCredit(queryClient: QueryClient, credit: CreditEvent): void {
  void queryClient.invalidateQueries({ queryKey: queryKeys.accounts });
  const amount = formatSignedEuros(cents(credit.amount));
  notifyInfo(
    credit.counterpartyName
      ? i18n.t('live.credit', { amount, name: credit.counterpartyName })
      : i18n.t('live.creditAnonymous', { amount }),
  );
}

async function onTransfer(queryClient: QueryClient, event: TransferEvent): Promise<void> {
  void queryClient.invalidateQueries({ queryKey: queryKeys.accounts });
  void queryClient.invalidateQueries({ queryKey: queryKeys.transfers });
  const notice = transferNotice(event, await wasShown(event.number));
  if (!notice) return;
  const message = i18n.t(notice.key, notice.values);
  if (notice.tone === 'error') notifyError(message);
  else notifyInfo(message);
}

/** Accounts (balances, operations) and cards (spent amounts, activity) share one prefix each. */
function onCard(queryClient: QueryClient, event: CardEvent): void {
  void queryClient.invalidateQueries({ queryKey: queryKeys.accounts });
  void queryClient.invalidateQueries({ queryKey: queryKeys.cards });
  const notice = cardNotice(event);
  if (!notice) return;
  if (notice.tone === 'error') notifyError(notice.message);
  else notifyInfo(i18n.t(notice.key, notice.values));
}

/** The badge takes the count the event carries; the thread (if shown) is read again. */
function onMessage(queryClient: QueryClient, event: MessageLiveEvent): void {
  queryClient.setQueryData(messageKeys.unread, event.unread);
  void queryClient.invalidateQueries({ queryKey: messageKeys.thread });
  if (event.direction === 'bank' && event.unread > 0) notifyInfo(i18n.t('messages.live'));
}
