import { useEffect, useState } from 'react';
import { Alert, Anchor, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { PasswordResetRequest } from '@comptoir/contracts';
import { authRoutes } from '@comptoir/contracts/client';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { isApiError } from '../api/api-error.ts';
import { apiCall, quietSessionLost } from '../api/client.ts';
import { clearLocalSession, usePasswordReset } from '../api/session.ts';
import { frenchIssues } from '../ui/zod-messages.ts';
import { EmailField } from './fields/index.ts';

/** docs/product/profile-and-security.md#passwords: the reset screen leads to /connexion 2 s after its answer. */
const REDIRECT_MS = 2000;

export function RecoverPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const reset = usePasswordReset();
  const [sent, setSent] = useState(false);
  const form = useForm({
    resolver: zodResolver(PasswordResetRequest, frenchIssues(t('recover.invalidEmail'))),
    defaultValues: { email: '' },
  });

  // Once answered: signed out (the reset may be for someone else's address), then /connexion.
  useEffect(() => {
    if (!sent) return;
    quietSessionLost(REDIRECT_MS + 3000);
    apiCall(authRoutes.postAuthLogout).catch(() => undefined);
    const timer = window.setTimeout(() => {
      clearLocalSession(queryClient);
      void navigate('/connexion', { replace: true });
    }, REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [sent, queryClient, navigate]);

  const submit = form.handleSubmit(({ email }) => {
    reset.mutate(email, {
      // Always the same answer: whether the address is known is never revealed.
      onSettled: (_data, error) => {
        if (isApiError(error) && (error.code === 'rate_limited' || error.code === 'unavailable')) return;
        setSent(true);
      },
    });
  });

  const blockingError =
    isApiError(reset.error) && (reset.error.code === 'rate_limited' || reset.error.code === 'unavailable')
      ? reset.error.code === 'rate_limited'
        ? t('recover.rateLimited')
        : t('errors.network')
      : null;

  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
      <Stack gap="lg">
        <div>
          <Title order={1} fz="h2">
            {t('recover.title')}
          </Title>
          <Text c="dimmed" mt={4}>
            {t('recover.subtitle')}
          </Text>
        </div>
        {sent ? (
          <Alert color="teal" variant="light" role="status">
            {t('recover.sent')}
          </Alert>
        ) : (
          <form onSubmit={submit} noValidate>
            <Stack gap="md">
              <EmailField
                label={t('recover.email')}
                autoComplete="email"
                required
                error={form.formState.errors.email?.message}
                {...form.register('email')}
              />
              <Button type="submit" size="md" fullWidth loading={reset.isPending}>
                {t('recover.submit')}
              </Button>
              {blockingError && (
                <Alert color="red" variant="light" role="alert">
                  {blockingError}
                </Alert>
              )}
            </Stack>
          </form>
        )}
        <Anchor component={Link} to="/connexion" size="sm" ta="center">
          {t('recover.backToLogin')}
        </Anchor>
      </Stack>
    </Paper>
  );
}
