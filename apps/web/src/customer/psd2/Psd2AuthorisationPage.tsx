import { institution } from '../../app/institution.ts';
import './psd2-copy.ts';
import { useEffect, useState } from 'react';
import {
  Alert,
  Button,
  Center,
  Checkbox,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconBuildingBank } from '@tabler/icons-react';
import {
  psd2PaymentScaDetails,
  type Psd2Authorisation,
  type Psd2AuthorisationOutcome,
  type Psd2PaymentTerms as PaymentTerms,
  type Psd2PendingAuthorisation,
} from '@comptoir/contracts';
import { formatIban } from '@comptoir/core';
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
import { DecisionBar, StrongAuthProvider, useStrongAuth, type StrongAuthInput } from '../../sca/index.ts';
import { ErrorState } from '../../ui/ErrorState.tsx';
import { Psd2PayeeVerification, Psd2FraudWarning } from './Psd2PayeeChecks.tsx';
import { Psd2PaymentScaSummary } from './Psd2PaymentScaSummary.tsx';
import { Psd2PaymentTerms } from './Psd2PaymentTerms.tsx';
import { Psd2ScaSummary } from './Psd2ScaSummary.tsx';
import { Psd2Terms, useAccountScopesText } from './Psd2Terms.tsx';
import { decisionMessage, type DecisionMessage, type Psd2Decision } from './psd2-payment.ts';
import { withoutAuthorisation } from './psd2-pending.ts';
import { sortedAccountIds, timeOf } from './psd2-view.ts';

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

/** What the decision bar needs from the page: the state of the last attempt and « Refuser ». */
interface Decide {
  error: string | null;
  busy: 'approve' | 'refuse' | null;
  deny: () => void;
  /** The strong authentication bound to `challenge`, then the approval of `accountIds`. */
  approve: (challenge: StrongAuthInput, accountIds: string[]) => Promise<void>;
}

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

/** An access to the accounts (account information): what may be read, and on which accounts. */
function ConsentRequest({
  authorisation,
  consent,
  decide,
}: {
  authorisation: Psd2Authorisation;
  consent: NonNullable<Psd2Authorisation['consent']>;
  decide: Decide;
}) {
  const { t } = useTranslation();
  const accountScopes = useAccountScopesText();
  const { tpp, accounts } = authorisation;
  const fixed = accounts.some((a) => a.requested);
  const [chosen, setChosen] = useState<string[]>(() =>
    fixed
      ? accounts.filter((a) => a.requested).map((a) => a.id)
      : accounts.length === 1
        ? accounts.map((a) => a.id)
        : [],
  );
  const [missingChoice, setMissingChoice] = useState(false);

  const approve = () => {
    if (chosen.length === 0) {
      setMissingChoice(true);
      return;
    }
    const accountIds = sortedAccountIds(chosen);
    void decide.approve(
      {
        action: 'psd2_consent',
        details: {
          authorisationId: authorisation.id,
          accountIds,
          validUntil: consent.validUntil,
          frequencyPerDay: consent.frequencyPerDay,
        },
        title: t('psd2.sca.title'),
        summary: (
          <Psd2ScaSummary
            authorisation={authorisation}
            consent={consent}
            accounts={accounts.filter((a) => accountIds.includes(a.id))}
          />
        ),
      },
      accountIds,
    );
  };

  return (
    <>
      <Text size="sm">{t('psd2.authorisation.intro', { tpp: tpp.name })}</Text>
      <Paper withBorder radius="md" p="md" bg="var(--mantine-color-gray-light)">
        <Psd2Terms terms={consent} />
      </Paper>
      {accounts.length === 0 ? (
        <Text size="sm">{t('psd2.authorisation.noAccount')}</Text>
      ) : (
        <Checkbox.Group
          label={t('psd2.authorisation.accountsLegend')}
          description={t(
            fixed ? 'psd2.authorisation.accountsRequested' : 'psd2.authorisation.accountsChoose',
            { tpp: tpp.name },
          )}
          value={chosen}
          onChange={(value) => {
            // Asked for by the TPP: part of the request, never left out.
            const requested = accounts.filter((a) => a.requested).map((a) => a.id);
            setChosen([...new Set([...requested, ...value])]);
            setMissingChoice(false);
          }}
          error={missingChoice ? t('psd2.authorisation.accountsRequired') : undefined}
          styles={{ label: { fontWeight: 600 } }}
        >
          <Stack gap="sm" mt="xs" data-testid="psd2-accounts">
            {accounts.map((account) => (
              <Checkbox
                key={account.id}
                value={account.id}
                disabled={account.requested}
                label={account.name}
                description={`${formatIban(account.iban)}${accountScopes(account.scopes, consent.scopes)}`}
                data-testid="psd2-account"
                styles={
                  // Fixed, yet as readable as the others: it is part of what is agreed.
                  account.requested
                    ? {
                        label: { color: 'var(--mantine-color-text)' },
                        description: { color: 'var(--mantine-color-dark-6)' },
                      }
                    : undefined
                }
              />
            ))}
          </Stack>
        </Checkbox.Group>
      )}
      <Text size="xs" c="dimmed">
        {t('psd2.authorisation.expiresAt', { time: timeOf(authorisation.expiresAt) })}
      </Text>
      <DecisionBar
        error={decide.error && t('psd2.authorisation.error', { message: decide.error })}
        busy={decide.busy}
        refuseLabel={t('psd2.authorisation.deny')}
        approveLabel={t('psd2.authorisation.approve')}
        onRefuse={decide.deny}
        onApprove={approve}
        approveDisabled={accounts.length === 0}
      />
    </>
  );
}

/**
 * A payment the TPP initiates: the amount, the payee and what Verification of Payee found, when it
 * leaves, the account debited. A payee reported for fraud holds « Autoriser » until the customer
 * ticks that they know it.
 */
function PaymentRequest({
  authorisation,
  payment,
  decide,
}: {
  authorisation: Psd2Authorisation;
  payment: PaymentTerms;
  decide: Decide;
}) {
  const { t } = useTranslation();
  // The one account the TPP named to debit.
  const account = authorisation.accounts.find((a) => a.requested) ?? authorisation.accounts[0] ?? null;
  const [acknowledgedFraud, setAcknowledgedFraud] = useState(false);
  const held = payment.verification.reportedForFraud && !acknowledgedFraud;

  const approve = () => {
    if (!account || held) return;
    void decide.approve(
      {
        action: 'psd2_payment',
        details: psd2PaymentScaDetails(authorisation.id, account.id, payment),
        title: t('psd2.payment.sca.title'),
        summary: <Psd2PaymentScaSummary authorisation={authorisation} payment={payment} account={account} />,
      },
      [account.id],
    );
  };

  return (
    <>
      <Text size="sm">{t('psd2.payment.intro')}</Text>
      <Paper
        withBorder
        radius="md"
        p="md"
        bg="var(--mantine-color-gray-light)"
        component="section"
        aria-label={t('psd2.payment.termsLabel')}
      >
        <Psd2PaymentTerms payment={payment} account={account} />
      </Paper>
      {!account && <Text size="sm">{t('psd2.payment.noAccount')}</Text>}
      <Psd2PayeeVerification verification={payment.verification} />
      {payment.verification.reportedForFraud && (
        <Psd2FraudWarning acknowledged={acknowledgedFraud} onAcknowledge={setAcknowledgedFraud} />
      )}
      <Text size="xs" c="dimmed">
        {t('psd2.authorisation.expiresAt', { time: timeOf(authorisation.expiresAt) })}
      </Text>
      <DecisionBar
        error={decide.error && t('psd2.authorisation.error', { message: decide.error })}
        busy={decide.busy}
        refuseLabel={t('psd2.authorisation.deny')}
        approveLabel={t('psd2.authorisation.approve')}
        onRefuse={decide.deny}
        onApprove={approve}
        approveDisabled={!account || held}
      />
    </>
  );
}
