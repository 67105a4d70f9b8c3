import { Alert, Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { maskEmail } from '@comptoir/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { isApiError } from '../api/api-error.ts';
import { submittedEmail } from '../api/onboarding.ts';
import { useMe, useResendVerification } from '../api/session.ts';
import { EmailVerificationFromLink } from './EmailVerificationFromLink.tsx';
import { SignOutButton } from './SignOutButton.tsx';

/**
 * docs/product/onboarding.md#steps: a link was sent to the (masked) address; it can be sent again. After submit there is
 * no session: the address comes from the submit answer and the resend goes through the
 * application cookie, so the page is the same whether or not the address already had an account.
 */
export function CheckYourMailboxPage() {
  const { t } = useTranslation();
  const { data: me } = useMe();
  const [params] = useSearchParams();
  const token = params.get('token');
  const resend = useResendVerification();
  const [submittedTo] = useState(submittedEmail);
  const sentTo = me ? maskEmail(me.email) : submittedTo;

  const resendError = resend.error
    ? isApiError(resend.error)
      ? resend.error.code === 'verification_email_too_soon'
        ? resend.error.detail || t('mailbox.resendTooSoon')
        : resend.error.detail || t('errors.generic')
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
            <Stack gap="xs" w="100%">
              <Button variant="light" onClick={() => resend.mutate()} loading={resend.isPending}>
                {t('mailbox.resend')}
              </Button>
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
            </Stack>
          </>
        )}
        {me ? (
          <SignOutButton variant="subtle" label={t('common.signOut')} />
        ) : (
          <Stack gap={4} w="100%">
            {!token && (
              <Text size="sm" c="dimmed">
                {t('mailbox.alreadyConfirmed')}
              </Text>
            )}
            <Button component={Link} to="/connexion" variant="subtle">
              {t('mailbox.signIn')}
            </Button>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
