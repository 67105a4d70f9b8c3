import { useState } from 'react';
import { Alert, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { OperatorLoginRequest, OperatorTotpRequest } from '@comptoir/contracts';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error.ts';
import { useOperatorPasswordLogin, useOperatorTotpLogin } from '../../api/backoffice-session.ts';
import { CurrentPasswordField, EmailField, TotpCodeField } from '../../auth/fields/index.ts';
import { frenchIssues } from '../../ui/zod-messages.ts';

interface OperatorLoginPageProps {
  /** Why the operator was signed out (« Vous avez été déconnecté pour inactivité. »), if we know. */
  reason: string | null;
}

/** docs/product/back-office.md#sign-in: e-mail and password, then the TOTP code — both mandatory for operators. */
export function OperatorLoginPage({ reason }: OperatorLoginPageProps) {
  const { t } = useTranslation();
  const [step, setStep] = useState<'password' | 'totp'>('password');
  const [notice, setNotice] = useState<string | null>(reason);

  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} maw={440} mx="auto">
      <Stack gap="lg">
        <div>
          <Title order={1} fz="h2">
            {t('backoffice.login.title')}
          </Title>
          <Text c="dimmed" mt={4}>
            {step === 'password' ? t('backoffice.login.subtitle') : t('backoffice.login.totpSubtitle')}
          </Text>
        </div>
        {notice && (
          <Alert color="orange" variant="light" role="alert" data-testid="bo-signed-out-notice">
            {notice}
          </Alert>
        )}
        {step === 'password' ? (
          <PasswordStep
            onDone={() => {
              setNotice(null);
              setStep('totp');
            }}
          />
        ) : (
          <TotpStep
            onRestart={(message) => {
              setNotice(message);
              setStep('password');
            }}
          />
        )}
      </Stack>
    </Paper>
  );
}

/** The one message under a login form: wrong values never say which one was wrong. */
function useOperatorLoginError(error: unknown): string | null {
  const { t } = useTranslation();
  if (!error) return null;
  if (!isApiError(error)) return t('backoffice.errors.generic');
  switch (error.code) {
    case 'operator_invalid_credentials':
    case 'invalid_second_factor':
    case 'validation_failed':
      return t('backoffice.login.invalid');
    case 'rate_limited':
      return t('backoffice.login.rateLimited');
    default:
      return error.detail;
  }
}

function PasswordStep({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const login = useOperatorPasswordLogin();
  const errorMessage = useOperatorLoginError(login.error);
  const form = useForm({
    resolver: zodResolver(OperatorLoginRequest, frenchIssues(t('backoffice.login.required'))),
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((credentials) => login.mutate(credentials, { onSuccess: onDone }));

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <EmailField
          label={t('backoffice.login.email')}
          autoComplete="username"
          required
          error={errors.email?.message}
          {...form.register('email')}
        />
        <CurrentPasswordField
          label={t('backoffice.login.password')}
          required
          error={errors.password?.message}
          {...form.register('password')}
        />
        <Button type="submit" size="md" fullWidth loading={login.isPending}>
          {t('backoffice.login.submit')}
        </Button>
        {errorMessage && (
          <Alert color="red" variant="light" role="alert">
            {errorMessage}
          </Alert>
        )}
      </Stack>
    </form>
  );
}

function TotpStep({ onRestart }: { onRestart: (message: string | null) => void }) {
  const { t } = useTranslation();
  const totp = useOperatorTotpLogin();
  const errorMessage = useOperatorLoginError(totp.error);
  const form = useForm({
    resolver: zodResolver(OperatorTotpRequest, frenchIssues(t('backoffice.login.codeFormat'))),
    defaultValues: { code: '' },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(({ code }) =>
    totp.mutate(code, {
      onError: (error) => {
        // The password step lasts 5 minutes; past that, start again.
        if (isApiError(error) && (error.code === 'unauthenticated' || error.code === 'session_expired')) {
          onRestart(t('backoffice.login.restart'));
          return;
        }
        form.setValue('code', '');
        form.setFocus('code');
      },
    }),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TotpCodeField
          label={t('backoffice.login.code')}
          description={t('backoffice.login.codeHint')}
          maxLength={6}
          required
          data-autofocus
          autoFocus
          error={errors.code?.message}
          {...form.register('code')}
        />
        <Button type="submit" size="md" fullWidth loading={totp.isPending}>
          {t('backoffice.login.verify')}
        </Button>
        <Button variant="subtle" color="gray" onClick={() => onRestart(null)}>
          {t('backoffice.login.back')}
        </Button>
        {errorMessage && (
          <Alert color="red" variant="light" role="alert">
            {errorMessage}
          </Alert>
        )}
      </Stack>
    </form>
  );
}
