import { Suspense, useEffect } from 'react';
import { Button, Center, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useMe } from '../api/session.ts';
import { prefetchDashboard, preloadCustomerShell } from './areas.ts';
import { paths } from './paths.ts';
import { FullScreenSpinner } from '../ui/FullScreenSpinner.tsx';
import { ActiveRoutes } from './routes/ActiveRoutes.tsx';
import { AwaitingReviewRoutes, PendingEmailRoutes } from './routes/PendingRoutes.tsx';
import { SignedOutRoutes } from './routes/SignedOutRoutes.tsx';
import { sessionStateOf } from './session-state.ts';

/** Picks the route table from the session status (`GET /api/me`). */
export function AppRoutes() {
  const { t } = useTranslation();
  const me = useMe();
  const state = me.data === undefined ? null : sessionStateOf(me.data);
  const queryClient = useQueryClient();
  useEffect(() => {
    if (state !== 'active') return;
    preloadCustomerShell();
    // Signed in on « Accueil »: its data is asked for alongside its code.
    if (window.location.pathname === paths.home) void prefetchDashboard(queryClient).catch(() => undefined);
  }, [state, queryClient]);

  if (me.isPending) return <FullScreenSpinner />;
  if (me.data === undefined) {
    return (
      <Center h="100dvh" p="md">
        <Stack align="center" role="alert">
          <Text>{t('errors.sessionUnavailable')}</Text>
          <Button onClick={() => void me.refetch()} loading={me.isFetching}>
            {t('common.retry')}
          </Button>
        </Stack>
      </Center>
    );
  }

  const table = {
    signedOut: <SignedOutRoutes />,
    pendingEmail: <PendingEmailRoutes />,
    awaitingReview: <AwaitingReviewRoutes />,
    active: <ActiveRoutes />,
  }[sessionStateOf(me.data)];

  return <Suspense fallback={<FullScreenSpinner />}>{table}</Suspense>;
}
