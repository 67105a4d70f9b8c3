import { useEffect, useState } from 'react';
import { Anchor, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowDownRight, IconArrowLeft, IconArrowUpRight } from '@tabler/icons-react';
import { cents, formatEuros } from '@comptoir/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { isApiError } from '../../api/api-error.ts';
import { useAccounts } from '../../api/accounts.ts';
import { ErrorState } from '../../ui/ErrorState.tsx';
import { OperationsSection } from '../operations/OperationsSection.tsx';
import { GoalProgress } from './GoalProgress.tsx';
import { LazySpaceDialogs } from './LazySpaceDialogs.tsx';
import type { SpaceDialog } from './SpaceDialogs.tsx';

/** `/espaces/:id`: one Espace — its balance, goal, moves and own operations. */
export function SpacePage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const accounts = useAccounts();
  const [dialog, setDialog] = useState<SpaceDialog | null>(null);
  const main = accounts.data?.find((account) => account.kind === 'main');
  const space = accounts.data?.find((account) => account.kind === 'sub' && account.id === id);

  useEffect(() => {
    if (space) document.title = `${t('spaces.pageTitle', { name: space.name })} — ${t('brand.name')}`;
  }, [space, t]);

  const back = (
    <Anchor component={Link} to="/" size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft aria-hidden size={16} />
        {t('spaces.back')}
      </Group>
    </Anchor>
  );

  if (accounts.isPending) return <Skeleton height={200} radius="lg" aria-label={t('common.loading')} />;
  if (accounts.isError) {
    return (
      <ErrorState
        message={isApiError(accounts.error) ? accounts.error.detail : t('errors.generic')}
        onRetry={() => void accounts.refetch()}
        retrying={accounts.isRefetching}
      />
    );
  }
  if (!space) {
    return (
      <Stack gap="md">
        {back}
        <Paper withBorder radius="lg" p="lg">
          <Text data-testid="space-not-found">{t('spaces.notFound')}</Text>
        </Paper>
      </Stack>
    );
  }

  const empty = space.bookedBalance === 0 && space.availableBalance === 0;
  return (
    <Stack gap="xl">
      <Stack gap="xs">
        {back}
        <Title order={1} fz={{ base: 'h2', sm: 'h1' }} style={{ overflowWrap: 'anywhere' }}>
          {t('spaces.pageTitle', { name: space.name })}
        </Title>
      </Stack>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} data-testid="space-summary">
        <Stack gap="sm">
          <div>
            <Text size="sm" c="dimmed">
              {t('spaces.balance')}
            </Text>
            <Text
              fz={{ base: 28, sm: 36 }}
              fw={700}
              data-testid="space-balance"
              style={{ fontVariantNumeric: 'tabular-nums' }}
            >
              {formatEuros(cents(space.bookedBalance))}
            </Text>
          </div>
          {space.goal !== null ? (
            <GoalProgress name={space.name} balance={space.bookedBalance} goal={space.goal} />
          ) : (
            <Text size="sm" c="dimmed">
              {t('spaces.noGoal')}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {t('spaces.noIban')}
          </Text>
          <Group gap="xs">
            <Button
              leftSection={<IconArrowDownRight aria-hidden size={16} />}
              onClick={() => setDialog({ kind: 'move', space, direction: 'in' })}
            >
              {t('spaces.moveIn')}
            </Button>
            <Button
              variant="default"
              leftSection={<IconArrowUpRight aria-hidden size={16} />}
              disabled={space.availableBalance <= 0}
              onClick={() => setDialog({ kind: 'move', space, direction: 'out' })}
            >
              {t('spaces.moveOut')}
            </Button>
            <Button variant="subtle" onClick={() => setDialog({ kind: 'edit', space })}>
              {t('spaces.edit')}
            </Button>
            <Button
              variant="subtle"
              color="red"
              disabled={!empty}
              aria-describedby={empty ? undefined : 'space-close-why'}
              onClick={() => setDialog({ kind: 'close', space })}
            >
              {t('spaces.close')}
            </Button>
          </Group>
          {!empty && (
            <Text id="space-close-why" size="xs" c="dimmed">
              {t('spaces.closeDisabled')}
            </Text>
          )}
        </Stack>
      </Paper>
      <OperationsSection account={space} title={t('spaces.operationsTitle')} />
      <LazySpaceDialogs dialog={dialog} main={main} onClose={() => setDialog(null)} />
    </Stack>
  );
}
