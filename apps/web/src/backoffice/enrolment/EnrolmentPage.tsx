import { useEffect, useState } from 'react';
import { Alert, Button, Center, Code, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import type { OperatorEnrolmentDone, OperatorEnrolmentOffer } from '@comptoir/contracts';
import { QRCodeSVG } from 'qrcode.react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isApiError } from '../../api/api-error.ts';
import { useCompleteEnrolment, useOpenEnrolment } from '../../api/backoffice-enrolment.ts';
import { CurrentPasswordField, NewPasswordField, TotpCodeField } from '../../auth/fields/index.ts';
import { paths } from '../../app/paths.ts';
import { frenchIssues } from '../../ui/zod-messages.ts';
import { EMPTY_ENROLMENT, enrolmentForm } from './enrolment-form.ts';

/** The enrolment page's own path under the back office's: where invitation and reset links lead. */
export const ENROLMENT_SUBPATH = '/inscription';

/** A refusal of the link itself (unknown, replaced, used, expired): nothing left to do on this page. */
const LINK_REFUSED = new Set(['enrolment_link_invalid', 'enrolment_link_used', 'enrolment_link_expired']);

/**
 * The page an invitation or a TOTP-reset link opens (docs/back-office.md#operators-and-roles): the
 * operator — and only they, holding the link — sees the TOTP secret (QR code and text), chooses
 * their password (or, after a reset, types their current one) and confirms with a code.
 */
export function EnrolmentPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const open = useOpenEnrolment();
  const [done, setDone] = useState<OperatorEnrolmentDone | null>(null);
  const { mutate } = open;

  useEffect(() => {
    if (token) mutate({ token });
  }, [token, mutate]);

  // After a TOTP reset the server asks for the operator's password before showing anything.
  const needsPassword =
    open.variables?.password !== undefined ||
    (isApiError(open.error) && open.error.code === 'enrolment_password_required');

  const linkRefused = !token || (isApiError(open.error) && LINK_REFUSED.has(open.error.code));

  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} maw={520} mx="auto" data-testid="bo-enrolment">
      <Stack gap="lg">
        <Title order={1} fz="h2">
          {open.data?.purpose === 'totp_reset' || needsPassword
            ? t('backoffice.enrolment.resetTitle')
            : t('backoffice.enrolment.title')}
        </Title>
        {done ? (
          <Done done={done} />
        ) : linkRefused ? (
          <Alert color="red" variant="light" role="alert">
            <Text span fw={700}>
              {t('backoffice.enrolment.linkRefused')}
            </Text>{' '}
            {isApiError(open.error) ? open.error.detail : t('backoffice.enrolment.noToken')}
          </Alert>
        ) : open.data ? (
          <Enrol token={token} offer={open.data} password={open.variables?.password} onDone={setDone} />
        ) : needsPassword ? (
          <ProvePassword
            pending={open.isPending}
            error={open.error}
            onSubmit={(password) => mutate({ token, password })}
          />
        ) : open.isError ? (
          <Alert color="red" variant="light" role="alert">
            {isApiError(open.error) ? open.error.detail : t('backoffice.errors.generic')}
          </Alert>
        ) : (
          <Center py="md" role="status">
            <Loader size="sm" aria-label={t('backoffice.loading')} />
          </Center>
        )}
      </Stack>
    </Paper>
  );
}

/** After a TOTP reset: the operator's current password before any secret is shown. */
function ProvePassword({
  pending,
  error,
  onSubmit,
}: {
  pending: boolean;
  error: unknown;
  onSubmit: (password: string) => void;
}) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const message =
    isApiError(error) && error.code !== 'enrolment_password_required'
      ? error.code === 'operator_invalid_credentials'
        ? t('backoffice.enrolment.wrongPassword')
        : error.detail
      : null;
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (password) onSubmit(password);
      }}
    >
      <Stack gap="md">
        <Text>{t('backoffice.enrolment.proveHint')}</Text>
        <CurrentPasswordField
          label={t('backoffice.enrolment.currentPassword')}
          required
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
        />
        <Button type="submit" loading={pending} disabled={!password}>
          {t('backoffice.enrolment.continue')}
        </Button>
        {message && (
          <Alert color="red" variant="light" role="alert">
            {message}
          </Alert>
        )}
      </Stack>
    </form>
  );
}

function Enrol({
  token,
  offer,
  password,
  onDone,
}: {
  token: string;
  offer: OperatorEnrolmentOffer;
  password: string | undefined;
  onDone: (done: OperatorEnrolmentDone) => void;
}) {
  const { t } = useTranslation();
  const complete = useCompleteEnrolment();
  const invitation = offer.purpose === 'invitation';
  const form = useForm({
    resolver: zodResolver(
      enrolmentForm({ email: offer.email, name: offer.name, choosesPassword: invitation }),
      frenchIssues(t('backoffice.enrolment.invalid')),
    ),
    defaultValues: { ...EMPTY_ENROLMENT, password: password ?? '' },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) =>
    complete.mutate(
      { token, ...values },
      {
        onSuccess: onDone,
        onError: () => {
          form.setValue('code', '');
          form.setFocus('code');
        },
      },
    ),
  );

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <Text>
          {invitation
            ? t('backoffice.enrolment.welcome', { name: offer.name, email: offer.email })
            : t('backoffice.enrolment.resetIntro', { email: offer.email })}
        </Text>
        {invitation && (
          <NewPasswordField
            label={t('backoffice.enrolment.newPassword')}
            description={t('backoffice.enrolment.newPasswordHint')}
            required
            error={errors.password?.message}
            {...form.register('password')}
          />
        )}
        <Text size="sm">{t('backoffice.enrolment.scan')}</Text>
        <Center>
          <Paper withBorder p="xs" bg="white">
            <QRCodeSVG
              value={offer.otpauthUri}
              size={176}
              marginSize={1}
              title={t('backoffice.enrolment.qrTitle')}
            />
          </Paper>
        </Center>
        <div>
          <Text size="sm" fw={600}>
            {t('backoffice.enrolment.secretText')}
          </Text>
          <Code block data-testid="bo-enrolment-secret" style={{ overflowWrap: 'anywhere' }}>
            {offer.totpSecret}
          </Code>
        </div>
        <TotpCodeField
          label={t('backoffice.enrolment.code')}
          description={t('backoffice.enrolment.codeHint')}
          maxLength={6}
          required
          error={errors.code?.message}
          {...form.register('code')}
        />
        <Button type="submit" size="md" loading={complete.isPending}>
          {invitation ? t('backoffice.enrolment.submit') : t('backoffice.enrolment.submitReset')}
        </Button>
        <Text size="xs" c="dimmed">
          {t('backoffice.enrolment.expires', {
            date: new Date(offer.expiresAt).toLocaleString('fr-FR', {
              dateStyle: 'long',
              timeStyle: 'short',
            }),
          })}
        </Text>
        {complete.isError && (
          <Alert color="red" variant="light" role="alert">
            {isApiError(complete.error) ? complete.error.detail : t('backoffice.errors.generic')}
          </Alert>
        )}
      </Stack>
    </form>
  );
}

function Done({ done }: { done: OperatorEnrolmentDone }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Alert color="teal" variant="light" role="status" data-testid="bo-enrolment-done">
        {done.purpose === 'invitation'
          ? t('backoffice.enrolment.done', { email: done.email })
          : t('backoffice.enrolment.doneReset')}
      </Alert>
      <Text size="sm">{t('backoffice.enrolment.nextCode')}</Text>
      <Button component="a" href={paths.backoffice}>
        {t('backoffice.enrolment.signIn')}
      </Button>
    </Stack>
  );
}
