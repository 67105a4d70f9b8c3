import { Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../api/api-error.ts';
import { mainAccount, useAccounts } from '../api/accounts.ts';
import { useMe } from '../api/session.ts';
import { BalanceCard } from '../ui/BalanceCard.tsx';
import { ErrorState } from '../ui/ErrorState.tsx';
import { FrozenAccountBanner } from './FrozenAccountBanner.tsx';
import { fundsFrozen } from './frozen-account.ts';
import { HeldCreditsNotice } from './held-credits/HeldCreditsNotice.tsx';
import { OperationsSection } from './operations/OperationsSection.tsx';
import { SpacesSection } from './spaces/index.ts';
import { StatementsButton } from './statements/StatementsButton.tsx';

/**
 * Accueil: the main account's balance and its operations (under an asset freeze, a neutral banner
 * first); credits received and being verified, or returned, show between the two.
 */
export function DashboardPage() {
  const { t } = useTranslation();
  const { data: me } = useMe();
  const accounts = useAccounts();
  const main = mainAccount(accounts.data);

  return (
    <Stack gap="xl">
      <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
        {me?.firstName ? t('dashboard.greeting', { name: me.firstName }) : t('dashboard.title')}
      </Title>

      {accounts.isPending ? (
        <Skeleton height={150} radius="lg" aria-label={t('common.loading')} />
      ) : accounts.isError ? (
        <ErrorState
          message={isApiError(accounts.error) ? accounts.error.detail : t('errors.generic')}
          onRetry={() => void accounts.refetch()}
          retrying={accounts.isRefetching}
        />
      ) : main ? (
        <>
          {fundsFrozen(accounts.data) && <FrozenAccountBanner />}
          <BalanceCard account={main} />
          <HeldCreditsNotice />
          <SpacesSection accounts={accounts.data} />
        </>
      ) : (
        <Paper withBorder radius="lg" p="lg">
          <Text c="dimmed">{t('dashboard.noAccount')}</Text>
        </Paper>
      )}

      {main ? (
        <OperationsSection account={main} actions={<StatementsButton account={main} />} />
      ) : accounts.isPending ? (
        <Skeleton height={240} radius="lg" />
      ) : null}
    </Stack>
  );
}
