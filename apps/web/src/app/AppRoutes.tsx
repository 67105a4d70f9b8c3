import { Suspense, useEffect } from 'react';
import { Button, Center, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useMe } from '../api/session.ts';
import { preloadCustomerShell } from './areas.ts';
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
  useEffect(() => {
    if (state === 'active') preloadCustomerShell();
  }, [state]);

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
