import { Alert, Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { maskEmail } from '@comptoir/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { isApiError } from '../api/api-error.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useLiveStatus } from '../api/events.ts';
import { onboardingKeys } from '../api/onboarding.ts';
import { useMe, useResendVerification } from '../api/session.ts';
import { EmailVerificationFromLink } from './EmailVerificationFromLink.tsx';
import { SignOutButton } from './SignOutButton.tsx';

/** SPEC §4.8: a link was sent to the (masked) address; it can be sent again. */
export function CheckYourMailboxPage() {
  const { t } = useTranslation();
  const { data: me } = useMe();
  const [params] = useSearchParams();
  const token = params.get('token');
  const resend = useResendVerification();
  const queryClient = useQueryClient();
  const submittedEmail = queryClient.getQueryData<string>(onboardingKeys.submittedEmail) ?? null;
  const sentTo = me ? maskEmail(me.email) : submittedEmail;
  // Verified on another device (the phone that got the mail): this page moves on by itself.
  useLiveStatus(me?.status === 'pending_email' && !token);

  const resendError = resend.error
    ? isApiError(resend.error)
      ? resend.error.code === 'rate_limited'
        ? resend.error.detail || t('mailbox.resendTooSoon')
        : t('common.errorWithDetail', { detail: resend.error.detail })
      : t('errors.generic')
    : null;

  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
      <Stack gap="md" align="center" ta="center">
        <ThemeIcon size={64} radius="xl" variant="light" aria-hidden>
          <IconMailCheck size={34} />
        </ThemeIcon>
        <Title order={1} fz="h2">
          {t('mailbox.title')}
        </Title>
        {token ? (
          <EmailVerificationFromLink token={token} />
        ) : (
          <>
            <Text data-testid="mailbox-sent-to">
              {sentTo ? t('mailbox.sentTo', { email: sentTo }) : t('mailbox.sentToYou')}
            </Text>
            <Text c="dimmed" size="sm">
              {t('mailbox.instructions')}
            </Text>
          </>
        )}
        {me ? (
          <Stack gap="xs" w="100%">
            {!token && (
              <Button variant="light" onClick={() => resend.mutate()} loading={resend.isPending}>
                {t('mailbox.resend')}
              </Button>
            )}
            <div role="status" aria-live="polite">
              {resend.isSuccess && (
                <Alert color="teal" variant="light" ta="left">
                  {t('mailbox.resent')}
                </Alert>
              )}
            </div>
            {resendError && (
              <Alert color="red" variant="light" role="alert" ta="left">
                {resendError}
              </Alert>
            )}
            <SignOutButton variant="subtle" label={t('common.signOut')} />
          </Stack>
        ) : (
          <Button component={Link} to="/connexion" variant="light">
            {t('mailbox.signIn')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
