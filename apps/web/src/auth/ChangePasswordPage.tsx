import { useEffect } from 'react';
import { Alert, Anchor, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../api/api-error.ts';
import { quietSessionLost } from '../api/client.ts';
import { clearLocalSession, usePasswordResetConfirm } from '../api/session.ts';
import { NewPasswordField } from './fields/index.ts';
import { newPasswordForm } from './password-rules.ts';

/** docs/product/profile-and-security.md#passwords: after a new password, /connexion in 5 s. */
const REDIRECT_MS = 5000;

export function ChangePasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirm = usePasswordResetConfirm();
  const form = useForm({
    resolver: zodResolver(
      newPasswordForm({ required: t('changePassword.required'), mismatch: t('changePassword.mismatch') }),
    ),
    defaultValues: { password: '', confirmation: '' },
  });
  const { errors } = form.formState;

  // Every session is signed out by the server: forget ours too, then go to /connexion.
  useEffect(() => {
    if (!confirm.isSuccess) return;
    quietSessionLost(REDIRECT_MS + 5000);
    const timer = window.setTimeout(() => {
      clearLocalSession(queryClient);
      void navigate('/connexion', { replace: true });
    }, REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [confirm.isSuccess, queryClient, navigate]);

  const submit = form.handleSubmit(({ password }) => confirm.mutate({ token, password }));

  const error = confirm.error;
  // A token the server cannot even read (400 validation_failed) is as invalid as an expired one.
  const invalidLink =
    !token || (isApiError(error) && (error.code === 'invalid_token' || error.code === 'validation_failed'));

  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
      <Stack gap="lg">
        <div>
          <Title order={1} fz="h2">
            {t('changePassword.title')}
          </Title>
          <Text c="dimmed" mt={4}>
            {t('changePassword.subtitle')}
          </Text>
        </div>
        {confirm.isSuccess ? (
          <Alert color="teal" variant="light" role="status">
            {t('changePassword.success')}
          </Alert>
        ) : invalidLink ? (
          <Alert color="red" variant="light" role="alert">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{t('changePassword.invalidLink')}</Text>
              <Anchor component={Link} to="/recover-password" size="sm" fw={600}>
                {t('changePassword.askNewLink')}
              </Anchor>
            </Stack>
          </Alert>
        ) : (
          <form onSubmit={submit} noValidate>
            <Stack gap="md">
              <NewPasswordField
                label={t('changePassword.password')}
                description={t('changePassword.rule')}
                required
                error={errors.password?.message}
                {...form.register('password')}
              />
              <NewPasswordField
                label={t('changePassword.confirmation')}
                required
                error={errors.confirmation?.message}
                {...form.register('confirmation')}
              />
              <Button type="submit" size="md" fullWidth loading={confirm.isPending}>
                {t('changePassword.submit')}
              </Button>
              {isApiError(error) && (
                <Alert color="red" variant="light" role="alert">
                  {error.code === 'weak_password'
                    ? error.detail
                    : t('common.errorWithDetail', { detail: error.detail })}
                </Alert>
              )}
            </Stack>
          </form>
        )}
      </Stack>
    </Paper>
  );
}
