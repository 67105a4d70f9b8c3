import type { ReactNode } from 'react';
import { Alert, Button, Center, Group, Loader, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../api/api-error.ts';

/**
 * A back-office queue of cards (« Virements retenus », « Fraudes signalées »): which items to show
 * (to decide or decided), « Actualiser » and any other `actions`, a hint, then the loader, the
 * server's error, the empty text or the list.
 */
export function QueueList<S extends string, T extends { id: string }>({
  labels,
  statuses,
  status,
  onStatus,
  query,
  actions,
  emptyTestId,
  renderItem,
}: {
  labels: { filter: string; refresh: string; hint: string; loading: string; empty: string; list: string };
  statuses: readonly { value: S; label: string }[];
  status: S;
  onStatus: (status: S) => void;
  query: UseQueryResult<{ items: T[] }>;
  actions?: ReactNode;
  emptyTestId: string;
  renderItem: (item: T) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <SegmentedControl
          aria-label={labels.filter}
          value={status}
          onChange={(value) => {
            const chosen = statuses.find((s) => s.value === value);
            if (chosen) onStatus(chosen.value);
          }}
          data={statuses.map(({ value, label }) => ({ value, label }))}
        />
        <Group gap="xs" wrap="wrap">
          {actions}
          <Button
            variant="default"
            size="sm"
            leftSection={<IconRefresh size={16} aria-hidden />}
            loading={query.isFetching && !query.isPending}
            onClick={() => void query.refetch()}
          >
            {labels.refresh}
          </Button>
        </Group>
      </Group>
      <Text size="sm" c="dimmed">
        {labels.hint}
      </Text>
      {query.isPending ? (
        <Center py="xl" role="status">
          <Loader size="sm" aria-label={labels.loading} />
        </Center>
      ) : query.isError ? (
        <Alert color="red" variant="light" role="alert">
          {t('backoffice.errors.withDetail', {
            message: isApiError(query.error) ? query.error.detail : t('backoffice.errors.generic'),
          })}
        </Alert>
      ) : query.data.items.length === 0 ? (
        <Text ta="center" py="xl" c="dimmed" data-testid={emptyTestId}>
          {labels.empty}
        </Text>
      ) : (
        <Stack gap="sm" component="ul" aria-label={labels.list} p={0} m={0}>
          {query.data.items.map(renderItem)}
        </Stack>
      )}
    </Stack>
  );
}
