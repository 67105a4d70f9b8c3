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
import type { Psd2Authorisation } from '@comptoir/contracts';
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
import { DecisionBar, StrongAuthProvider, useStrongAuth } from '../../sca/index.ts';
import { ErrorState } from '../../ui/ErrorState.tsx';
import { Psd2ScaSummary } from './Psd2ScaSummary.tsx';
import { Psd2Terms, useAccountScopesText } from './Psd2Terms.tsx';
import { sortedAccountIds, timeOf, webAddress } from './psd2-view.ts';

/**
 * `/psd2/autorisation/{id}` (docs/psd2.md#the-customers-side): the page a third-party provider
 * (TPP) sends the customer to. It names the TPP, what it asks (what it may read, until when, how
 * often without the customer) and the accounts, checked and fixed when the TPP named them, to choose
 * otherwise. « Autoriser » asks for the strong authentication bound to exactly those terms, then
 * grants; « Refuser » refuses. Either way the browser goes back to the TPP's address.
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

/** The page's card and its title. */
function Frame({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} data-testid="psd2-authorisation">
      <Stack gap="lg">
        <Title order={1} fz="h2">
          {t('psd2.authorisation.title')}
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

type Outcome = { decision: 'approved' | 'denied'; redirectUri: string | null };

function Decision({ authorisation }: { authorisation: Psd2Authorisation }) {
  const { t } = useTranslation();
  const accountScopes = useAccountScopesText();
  const strongAuth = useStrongAuth();
  const queryClient = useQueryClient();
  const { tpp, consent, accounts } = authorisation;
  const fixed = accounts.some((a) => a.requested);
  const [chosen, setChosen] = useState<string[]>(() =>
    fixed
      ? accounts.filter((a) => a.requested).map((a) => a.id)
      : accounts.length === 1
        ? accounts.map((a) => a.id)
        : [],
  );
  const [missingChoice, setMissingChoice] = useState(false);
  const [busy, setBusy] = useState<'approve' | 'deny' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [closed, setClosed] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  // Said first, then back to the TPP a moment later: the customer reads where the browser goes.
  const returnTo = webAddress(outcome?.redirectUri ?? null);
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
      return;
    }
    setError(isApiError(cause) ? cause.detail : t('errors.generic'));
  };

  const approve = async () => {
    setError(null);
    if (chosen.length === 0) {
      setMissingChoice(true);
      return;
    }
    const accountIds = sortedAccountIds(chosen);
    const token = await strongAuth.confirm({
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
          accounts={accounts.filter((a) => accountIds.includes(a.id))}
        />
      ),
    });
    if (!token) return;
    setBusy('approve');
    try {
      const answer = await approvePsd2Authorisation(authorisation.id, accountIds, token);
      setOutcome({ decision: 'approved', redirectUri: answer.redirectUri });
    } catch (cause) {
      failed(cause);
    } finally {
      setBusy(null);
    }
  };

  const deny = async () => {
    setError(null);
    setBusy('deny');
    try {
      const answer = await denyPsd2Authorisation(authorisation.id);
      setOutcome({ decision: 'denied', redirectUri: answer.redirectUri });
    } catch (cause) {
      failed(cause);
    } finally {
      setBusy(null);
    }
  };

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
    const message = returnTo
      ? t(outcome.decision === 'approved' ? 'psd2.authorisation.approved' : 'psd2.authorisation.denied', {
          tpp: tpp.name,
        })
      : t(
          outcome.decision === 'approved'
            ? 'psd2.authorisation.approvedNoReturn'
            : 'psd2.authorisation.deniedNoReturn',
          { tpp: tpp.name },
        );
    return (
      <Frame>
        {tppCard}
        <Alert
          color={outcome.decision === 'approved' ? 'teal' : 'gray'}
          variant="light"
          role="status"
          data-testid="psd2-outcome"
          data-decision={outcome.decision}
        >
          <Group gap="sm" wrap="nowrap">
            {returnTo && <Loader size="xs" aria-hidden />}
            <Text size="sm" fw={600} c="dark.8">
              {message}
            </Text>
          </Group>
        </Alert>
      </Frame>
    );
  }

  if (closed || authorisation.status !== 'received') {
    return (
      <Frame>
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
    <Frame>
      {tppCard}
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
        error={error && t('psd2.authorisation.error', { message: error })}
        busy={busy === 'deny' ? 'refuse' : busy}
        refuseLabel={t('psd2.authorisation.deny')}
        approveLabel={t('psd2.authorisation.approve')}
        onRefuse={() => void deny()}
        onApprove={() => void approve()}
        approveDisabled={accounts.length === 0}
      />
    </Frame>
  );
}
