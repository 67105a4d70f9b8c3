import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { LoginRequest } from '@comptoir/contracts';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { useState } from 'react';
import type { LoginSecondFactor } from '@comptoir/contracts';
import { isAccountClosedState } from '../api/account-closed.ts';
import { returnPathAfterSignIn } from '../app/sign-in-return.ts';
import { useLogin, useLogout } from '../api/session.ts';
import { LoginSecondStep } from '../sca/index.ts';
import { frenchIssues } from '../ui/zod-messages.ts';
import { CurrentPasswordField, EmailField } from './fields/index.ts';
import { useLoginErrorMessage } from './login-error-message.ts';

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  // Sent here because the bank closed the account while the customer was signed in.
  const accountClosed = isAccountClosedState(location.state);
  // Sent here by a page that needs a session (a third party's request): back there once signed in.
  const returnTo = returnPathAfterSignIn(location.search);
  const afterSignIn = returnTo ?? '/';
  const login = useLogin();
  const logout = useLogout();
  const [secondFactor, setSecondFactor] = useState<LoginSecondFactor | null>(null);
  const errorMessage = useLoginErrorMessage(login.error);
  const form = useForm({
    resolver: zodResolver(LoginRequest, frenchIssues(t('login.required'))),
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit((credentials) => {
    login.mutate(credentials, {
      onSuccess: (response) => {
        if ('secondFactor' in response) setSecondFactor(response.secondFactor);
        else void navigate(afterSignIn, { replace: true });
      },
    });
  });

  if (secondFactor) {
    const back = () => {
      // The half-open session is closed on the server too.
      logout.mutate();
      login.reset();
      form.setValue('password', '');
      setSecondFactor(null);
    };
    return (
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
        <LoginSecondStep secondFactor={secondFactor} onBack={back} then={afterSignIn} />
      </Paper>
    );
  }

  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
      <Stack gap="lg">
        <div>
          <Title order={1} fz="h2">
            {t('login.title')}
          </Title>
          <Text c="dimmed" mt={4}>
            {t(returnTo ? 'login.thenBack' : 'login.subtitle')}
          </Text>
        </div>
        {accountClosed && (
          <Alert
            color="orange"
            variant="light"
            role="alert"
            title={
              <Text span fw={700} c="dark.8">
                {t('login.accountClosedTitle')}
              </Text>
            }
          >
            <Text size="sm" c="dark.7">
              {t('login.accountClosed')}
            </Text>
          </Alert>
        )}
        <form onSubmit={submit} noValidate aria-describedby={errorMessage ? 'login-error' : undefined}>
          <Stack gap="md">
            <EmailField
              label={t('login.email')}
              autoComplete="username"
              required
              error={errors.email?.message}
              {...form.register('email')}
            />
            <CurrentPasswordField
              label={t('login.password')}
              required
              error={errors.password?.message}
              {...form.register('password')}
            />
            <Group justify="flex-end">
              <Anchor component={Link} to="/recover-password" size="sm">
                {t('login.forgotPassword')}
              </Anchor>
            </Group>
            <Button type="submit" size="md" fullWidth loading={login.isPending}>
              {t('login.submit')}
            </Button>
            {errorMessage && (
              <Alert id="login-error" color="red" variant="light" role="alert">
                {errorMessage}
              </Alert>
            )}
          </Stack>
        </form>
        <Text size="sm" ta="center">
          {t('login.noAccount')}{' '}
          <Anchor component={Link} to="/inscription1" fw={600}>
            {t('login.openAccount')}
          </Anchor>
        </Text>
      </Stack>
    </Paper>
  );
}
