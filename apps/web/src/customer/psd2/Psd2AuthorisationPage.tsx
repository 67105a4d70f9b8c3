import { institution } from '../../app/institution.ts';
import './psd2-copy.ts';
import { useEffect, useState } from 'react';
import { Alert, Button, Center, Group, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBuildingBank } from '@tabler/icons-react';
import {
  type Psd2Authorisation,
  type Psd2AuthorisationOutcome,
  type Psd2PendingAuthorisation,
} from '@comptoir/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { isApiError } from '../../api/api-error.ts';
import {
  approvePsd2Authorisation,
  denyPsd2Authorisation,
  psd2Keys,
  usePsd2Authorisation,
} from '../../api/psd2.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { StrongAuthProvider, useStrongAuth } from '../../sca/index.ts';
import { ErrorState } from '../../ui/ErrorState.tsx';
import { decisionMessage, type DecisionMessage, type Psd2Decision } from './psd2-payment.ts';
import { withoutAuthorisation } from './psd2-pending.ts';
import { ConsentRequest } from './Psd2ConsentRequest.tsx';
import { PaymentRequest } from './Psd2PaymentRequest.tsx';
import type { Decide } from './Psd2RequestDecision.tsx';

/**
 * `/psd2/autorisation/{id}` (docs/psd2.md#the-customers-side): the page a third-party provider
 * (TPP) sends the customer to, or the customer opens from the app's banner (decoupled approach). It
 * names the TPP and what it asks: an access (what it may read, until when, how often without the
 * customer, on which accounts: checked and fixed when the TPP named them, to choose otherwise), or a
 * payment (amount, payee and its Verification of Payee, when, the account debited). « Autoriser »
 * asks for the strong authentication bound to exactly those terms, then grants; « Refuser »
 * refuses. Either way the browser goes back to the TPP's address, or, decoupled, the page says so.
 */
export function Psd2AuthorisationPage() {
  // A page of its own, outside the customer area's shell: it holds its own SCA dialog.
  return (
    <StrongAuthProvider>
      <AuthorisationScreen id={useParams().id ?? ''} />
    </StrongAuthProvider>
  );
}

function AuthorisationScreen({ id }: { id: string }) {
  const { t } = useTranslation();
  const authorisation = usePsd2Authorisation(id);
  const isPayment = Boolean(authorisation.data?.payment);

  useEffect(() => {
    const title = isPayment ? t('psd2.payment.pageTitle') : t('psd2.authorisation.title');
    document.title = `${title} — ${institution?.name ?? t('brand.name')}`;
  }, [isPayment, t]);

  if (authorisation.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={t('psd2.authorisation.title')} />
      </Center>
    );
  }
  if (authorisation.isError) {
    const error = authorisation.error;
    if (isApiError(error) && error.status === 404) {
      return (
        <Frame>
          <Alert
            color="orange"
            variant="light"
            role="alert"
            data-testid="psd2-not-found"
            title={
              <Text span fw={700} c="dark.8">
                {t('psd2.authorisation.notFoundTitle')}
              </Text>
            }
          >
            <Text size="sm" c="dark.7">
              {t('psd2.authorisation.notFound')}
            </Text>
          </Alert>
          <HomeLink />
        </Frame>
      );
    }
    return (
      <Frame>
        <ErrorState
          message={t('psd2.authorisation.loadError')}
          onRetry={() => void authorisation.refetch()}
          retrying={authorisation.isFetching}
        />
      </Frame>
    );
  }
  return <Decision authorisation={authorisation.data} />;
}

/** The page's card and its title (« Demande d’accès à vos comptes », or the payment's). */
function Frame({ title, children }: { title?: string; children: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} data-testid="psd2-authorisation">
      <Stack gap="lg">
        <Title order={1} fz="h2" style={{ overflowWrap: 'anywhere' }}>
          {title ?? t('psd2.authorisation.title')}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

function HomeLink() {
  const { t } = useTranslation();
  return (
    <Button component={Link} to="/" variant="light">
      {t('psd2.authorisation.backHome')}
    </Button>
  );
}

/** How long « Accès autorisé. Retour vers … » shows before the browser goes back to the TPP. */
const RETURN_DELAY_MS = 1_200;

function Decision({ authorisation }: { authorisation: Psd2Authorisation }) {
  const { t } = useTranslation();
  const strongAuth = useStrongAuth();
  const queryClient = useQueryClient();
  const { tpp, payment, consent } = authorisation;
  const kind = payment ? 'payment' : 'consent';
  const [busy, setBusy] = useState<'approve' | 'refuse' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [closed, setClosed] = useState(false);
  const [outcome, setOutcome] = useState<{ decision: Psd2Decision; message: DecisionMessage } | null>(null);

  // Said first, then back to the TPP a moment later: the customer reads where the browser goes.
  const returnTo = outcome?.message.returnTo ?? null;
  useEffect(() => {
    if (!returnTo) return;
    const timer = window.setTimeout(() => window.location.assign(returnTo), RETURN_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [returnTo]);

  const failed = (cause: unknown) => {
    // Decided elsewhere, expired meanwhile: the page says so and the request is read again.
    if (isApiError(cause) && cause.code === 'psd2_authorisation_closed') {
      setClosed(true);
      void queryClient.invalidateQueries({ queryKey: psd2Keys.authorisation(authorisation.id) });
      void queryClient.invalidateQueries({ queryKey: psd2Keys.pending });
      return;
    }
    // A payment the bank's transfer rules refuse (balance, a freeze…): its French reason, as for
    // the customer's own transfer; « Refuser » stays possible.
    setError(isApiError(cause) ? cause.detail : t('errors.generic'));
  };

  const settle = async (decision: Psd2Decision, call: () => Promise<Psd2AuthorisationOutcome>) => {
    setBusy(decision === 'approved' ? 'approve' : 'refuse');
    try {
      const answer = await call();
      // The banner of requests to decide no longer shows it; a payment moves the balance.
      queryClient.setQueryData<Psd2PendingAuthorisation[]>(psd2Keys.pending, (list) =>
        list ? withoutAuthorisation(list, authorisation.id) : list,
      );
      if (kind === 'payment' && decision === 'approved') {
        void queryClient.invalidateQueries({ queryKey: queryKeys.accounts });
        void queryClient.invalidateQueries({ queryKey: queryKeys.transfers });
      }
      setOutcome({ decision, message: decisionMessage(kind, decision, answer) });
    } catch (cause) {
      failed(cause);
    } finally {
      setBusy(null);
    }
  };

  const decide: Decide = {
    error,
    busy,
    deny: () => {
      setError(null);
      void settle('denied', () => denyPsd2Authorisation(authorisation.id));
    },
    approve: async (challenge, accountIds) => {
      setError(null);
      const token = await strongAuth.confirm(challenge);
      if (!token) return;
      await settle('approved', () => approvePsd2Authorisation(authorisation.id, accountIds, token));
    },
  };

  const title = payment ? t('psd2.payment.title', { tpp: tpp.name }) : undefined;

  const tppCard = (
    <Group gap="sm" wrap="nowrap" align="flex-start" data-testid="psd2-tpp">
      <ThemeIcon variant="light" radius="xl" size="xl" aria-hidden>
        <IconBuildingBank size={24} />
      </ThemeIcon>
      <Stack gap={0} miw={0}>
        <Text size="xs" c="dimmed">
          {t('psd2.authorisation.tppLabel')}
        </Text>
        <Text fw={700} fz="lg" style={{ overflowWrap: 'anywhere' }} data-testid="psd2-tpp-name">
          {tpp.name}
        </Text>
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {t('psd2.authorisation.tppId', { id: tpp.organisationId })}
        </Text>
      </Stack>
    </Group>
  );

  if (outcome) {
    const { message } = outcome;
    return (
      <Frame title={title}>
        {tppCard}
        <Alert
          color={message.tone === 'done' ? 'teal' : message.tone === 'failed' ? 'red' : 'gray'}
          variant="light"
          role={message.tone === 'failed' ? 'alert' : 'status'}
          data-testid="psd2-outcome"
          data-decision={outcome.decision}
          data-payment-status={message.paymentStatus ?? undefined}
        >
          <Stack gap={4}>
            <Group gap="sm" wrap="nowrap">
              {message.returnTo && <Loader size="xs" aria-hidden />}
              <Text size="sm" fw={600} c="dark.8">
                {t(message.key, { tpp: tpp.name })}
              </Text>
            </Group>
            {message.paymentStatus && (
              <Text size="sm" c="dark.7" data-testid="psd2-payment-status">
                {t('psd2.outcome.status', {
                  status: t(`psd2.outcome.statusValue.${message.paymentStatus}`),
                  code: message.paymentStatus,
                })}
              </Text>
            )}
          </Stack>
        </Alert>
        {/* Decided in the app (decoupled): nothing to go back to but the customer's own area. */}
        {!message.returnTo && authorisation.decoupled && <HomeLink />}
      </Frame>
    );
  }

  if (closed || authorisation.status !== 'received') {
    return (
      <Frame title={title}>
        {tppCard}
        <Alert
          color="orange"
          variant="light"
          role="alert"
          data-testid="psd2-closed"
          title={
            <Text span fw={700} c="dark.8">
              {t('psd2.authorisation.closedTitle')}
            </Text>
          }
        >
          <Text size="sm" c="dark.7">
            {t('psd2.authorisation.closed', { tpp: tpp.name })}
          </Text>
        </Alert>
        <HomeLink />
      </Frame>
    );
  }

  return (
    <Frame title={title}>
      {tppCard}
      {payment ? (
        <PaymentRequest authorisation={authorisation} payment={payment} decide={decide} />
      ) : consent ? (
        <ConsentRequest authorisation={authorisation} consent={consent} decide={decide} />
      ) : null}
    </Frame>
  );
}
