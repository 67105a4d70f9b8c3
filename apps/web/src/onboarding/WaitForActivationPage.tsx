import { Alert, Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertCircle, IconHourglass } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { onboardingKeys } from '../api/onboarding.ts';
import { useLiveEvents } from '../api/events.ts';
import { useMe } from '../api/session.ts';
import { CorrectionsPanel } from './CorrectionsPanel.tsx';
import { SignOutButton } from './SignOutButton.tsx';
import classes from './contrast.module.css';

/**
 * docs/product/onboarding.md#steps: the application is being reviewed, needs corrections, or was not accepted. Signed in,
 * the page listens to `GET /api/events`: once the account is open the router shows the dashboard.
 */
export function WaitForActivationPage() {
  const { t } = useTranslation();
  const { data: me } = useMe();
  const queryClient = useQueryClient();
  const [emailVerified] = useState(
    () => queryClient.getQueryData<boolean>(onboardingKeys.emailJustVerified) === true,
  );
  useEffect(() => queryClient.removeQueries({ queryKey: onboardingKeys.emailJustVerified }), [queryClient]);
  const status = me?.status;
  useLiveEvents(me !== null && me !== undefined);

  const corrections = status === 'corrections_requested';
  const over = status === 'rejected' || status === 'closed';

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', xs: 'lg', sm: 'xl' }} className={classes.readable}>
      <Stack gap="md">
        <Stack gap="md" align="center" ta="center">
          <ThemeIcon
            size={64}
            radius="xl"
            variant="light"
            color={corrections ? 'orange' : undefined}
            aria-hidden
          >
            {corrections ? <IconAlertCircle size={34} /> : <IconHourglass size={34} />}
          </ThemeIcon>
          <Title order={1} fz={{ base: 'h3', xs: 'h2' }}>
            {over ? t('wait.titleClosed') : corrections ? t('wait.titleCorrections') : t('wait.title')}
          </Title>
          {emailVerified && !corrections && !over && (
            <Alert color="teal" variant="light" w="100%" role="status">
              {t('wait.verified')}
            </Alert>
          )}
          <Text data-testid="wait-message">
            {status === 'rejected'
              ? t('wait.rejected')
              : status === 'closed'
                ? t('wait.closed')
                : corrections
                  ? t('wait.corrections')
                  : t('wait.review')}
          </Text>
          {!corrections && !over && (
            <Text c="dimmed" size="sm">
              {t('wait.email')} {me ? t('wait.live') : null}
            </Text>
          )}
        </Stack>

        {corrections && <CorrectionsPanel />}

        {me ? (
          <SignOutButton label={t('wait.backHome')} fullWidth variant={corrections ? 'subtle' : 'filled'} />
        ) : (
          <Stack gap="xs">
            <Text size="sm" ta="center">
              {t('wait.signedOut')}
            </Text>
            <Button component={Link} to="/connexion" fullWidth>
              {t('wait.signIn')}
            </Button>
            <Button component={Link} to="/" variant="subtle" fullWidth>
              {t('wait.backHome')}
            </Button>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
