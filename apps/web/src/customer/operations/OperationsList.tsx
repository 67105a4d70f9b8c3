import { useEffect } from 'react';
import { Button, Group, Loader, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useIntersection } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error.ts';
import { useFilteredOperations, type OperationFilters } from '../../api/operations.ts';
import { ErrorState } from '../../ui/ErrorState.tsx';
import { OperationItem } from './OperationItem.tsx';

/**
 * « Mes opérations », newest first, searched and filtered on the server, loading the next cursor
 * page of the same filters when the end comes into view.
 */
export function OperationsList({
  accountId,
  filters,
  onOpen,
}: {
  accountId: string;
  filters: OperationFilters;
  onOpen: (id: string) => void;
}) {
  const { t } = useTranslation();
  const operations = useFilteredOperations(accountId, filters);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = operations;
  const { ref: sentinel, entry } = useIntersection<HTMLDivElement>({ rootMargin: '200px' });
  const filtered = filters.q.trim() !== '' || filters.month !== null;

  useEffect(() => {
    if (entry?.isIntersecting && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [entry?.isIntersecting, hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (operations.isPending) return <OperationsSkeleton />;
  if (operations.isError) {
    return (
      <ErrorState
        message={isApiError(operations.error) ? operations.error.detail : t('errors.generic')}
        onRetry={() => void operations.refetch()}
        retrying={operations.isRefetching}
      />
    );
  }

  const items = operations.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return (
      <Paper withBorder radius="lg" p="xl">
        <Text ta="center" c="dimmed" data-testid="operations-empty" role="status">
          {t(filtered ? 'operationsArea.noMatch' : 'operations.empty')}
        </Text>
      </Paper>
    );
  }

  return (
    <Paper
      withBorder
      radius="lg"
      px={{ base: 'md', sm: 'lg' }}
      py="xs"
      aria-busy={operations.isPlaceholderData}
      style={{ opacity: operations.isPlaceholderData ? 0.6 : 1 }}
    >
      <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: 'none' }} data-testid="operations">
        {items.map((operation, index) => (
          <OperationItem key={operation.id} operation={operation} separated={index > 0} onOpen={onOpen} />
        ))}
      </Stack>
      {operations.isFetchNextPageError && (
        <Text c="red.8" size="sm" ta="center" py="xs" role="alert">
          {t('operations.loadMoreError')}
        </Text>
      )}
      {hasNextPage && (
        <Group justify="center" py="sm" ref={sentinel}>
          {isFetchingNextPage ? (
            <Loader size="sm" aria-label={t('common.loading')} />
          ) : (
            <Button variant="subtle" onClick={() => void fetchNextPage()}>
              {t('operations.loadMore')}
            </Button>
          )}
        </Group>
      )}
    </Paper>
  );
}

function OperationsSkeleton() {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="lg" p="lg" aria-busy="true" aria-label={t('operations.loading')}>
      <Stack gap="lg">
        {[0, 1, 2, 3, 4].map((row) => (
          <Group key={row} justify="space-between" wrap="nowrap">
            <Stack gap={6} style={{ flex: 1 }}>
              <Skeleton height={10} width="40%" />
              <Skeleton height={14} width="60%" />
            </Stack>
            <Skeleton height={16} width={80} />
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
