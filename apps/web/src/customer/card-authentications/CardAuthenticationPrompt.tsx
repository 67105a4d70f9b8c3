import { Suspense, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { CardAuthentication, CardAuthenticationList } from '@comptoir/contracts';
import { cents, formatEuros } from '@comptoir/core';
import { useCardAuthentications } from '../../api/card-authentications.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { preloadable, usePreload } from '../../ui/preloadable.tsx';
import { notifyInfo, notifySuccess } from '../../ui/toasts.ts';
import { authenticationToShow, CONFIRM_PARAM, withAuthentication } from './card-authentication-view.ts';

// The dialog (its code form, passkeys) is a chunk of its own, fetched once the area is shown.
const { Component: CardAuthenticationDialog, preload } = preloadable(() =>
  import('./CardAuthenticationDialog.tsx').then((m) => m.CardAuthenticationDialog),
);

/**
 * On every customer screen (mounted by CustomerLayout once the screen is shown): the dialog of the online payment waiting
 * for the customer — the newest pending one (read at start, then brought by the live event), or the
 * one a link names. One at a time; put aside, it stays on /carte/paiements-en-ligne.
 */
export function CardAuthenticationPrompt() {
  const { t } = useTranslation();
  usePreload(preload);
  const queryClient = useQueryClient();
  const list = useCardAuthentications();
  const [params, setParams] = useSearchParams();
  const asked = params.get(CONFIRM_PARAM);
  const [putAside, setPutAside] = useState<ReadonlySet<string>>(() => new Set());
  const [shownId, setShownId] = useState<string | null>(null);

  const items = useMemo(() => list.data?.items ?? [], [list.data]);
  // A link is followed once: closed, its dialog does not come back while the address still names it.
  const [followed, setFollowed] = useState<string | null>(null);
  const freshLink = asked !== null && asked !== followed ? asked : null;
  const candidate = authenticationToShow(items, freshLink, putAside);
  // Adjusted while rendering (no effect): a fresh link shows what it names; otherwise the dialog
  // keeps the one it opened with until it closes, whatever arrives meanwhile.
  if (freshLink !== null && candidate?.id === freshLink) {
    setFollowed(freshLink);
    setShownId(freshLink);
  } else if (shownId === null && candidate) {
    setShownId(candidate.id);
  }
  if (asked === null && followed !== null) setFollowed(null);

  const shown = items.find((item) => item.id === shownId) ?? null;
  if (!shown) return null;

  const close = () => {
    setPutAside((previous) => new Set(previous).add(shown.id));
    setShownId(null);
    if (asked !== null)
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          next.delete(CONFIRM_PARAM);
          return next;
        },
        { replace: true },
      );
  };

  const decided = (answer: CardAuthentication) => {
    queryClient.setQueryData<CardAuthenticationList>(queryKeys.cardAuthentications, (previous) =>
      withAuthentication(previous, answer),
    );
    // Said at once, naming the payment: the dialog closes and the list moves it to the recent ones.
    const values = { amount: formatEuros(cents(answer.amount)), merchant: answer.merchant };
    if (answer.status === 'approved') notifySuccess(t('cardAuth.outcome.approvedHere', values));
    else notifyInfo(t('cardAuth.outcome.refusedHere', values));
    close();
  };

  return (
    <Suspense fallback={null}>
      <CardAuthenticationDialog key={shown.id} authentication={shown} onClose={close} onDecided={decided} />
    </Suspense>
  );
}
