import { Suspense, useCallback, useState, type ReactNode } from 'react';
import { Group, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Account } from '@comptoir/contracts';
import { NO_OPERATION_FILTERS, summaryMonth, type OperationFilters } from '../../api/operations.ts';
import { preloadable, usePreload } from '../../ui/preloadable.tsx';
import { MonthSummaryCard } from './MonthSummaryCard.tsx';
import { OperationsFilters } from './OperationsFilters.tsx';
import { OperationsList } from './OperationsList.tsx';

// The detail sheet is a chunk of its own, fetched once the list is shown; mounted from the first
// operation opened on.
const { Component: OperationDetailSheet, preload: preloadSheet } = preloadable(() =>
  import('./OperationDetailSheet.tsx').then((m) => m.OperationDetailSheet),
);

/**
 * « Accueil »'s operations: the month's summary, the search and month filter, « Mes opérations »
 * and the detail sheet of the operation opened. The summary follows the chosen month, else the
 * current one. `actions` sit beside the title (the statements button); an Espace's page names its
 * own `title`.
 */
export function OperationsSection({
  account,
  title,
  actions,
}: {
  account: Account;
  title?: string;
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<OperationFilters>(NO_OPERATION_FILTERS);
  usePreload(preloadSheet);
  const [opened, setOpenedState] = useState<string | null>(null);
  const [sheetNeeded, setSheetNeeded] = useState(false);
  const setOpened = useCallback((entryId: string | null) => {
    if (entryId !== null) setSheetNeeded(true);
    setOpenedState(entryId);
  }, []);
  const onChange = useCallback(
    (change: Partial<OperationFilters>) =>
      setFilters((current) => {
        const next = { ...current, ...change };
        return next.q === current.q && next.month === current.month ? current : next;
      }),
    [],
  );

  return (
    <Stack gap="xl">
      <MonthSummaryCard accountId={account.id} month={summaryMonth(filters)} />
      <Stack component="section" gap="md" aria-labelledby="operations-title">
        <Group justify="space-between" gap="sm">
          <Title id="operations-title" order={2} fz="h3">
            {title ?? t('operations.title')}
          </Title>
          {actions}
        </Group>
        <OperationsFilters openedAt={account.openedAt} month={filters.month} onChange={onChange} />
        <OperationsList accountId={account.id} filters={filters} onOpen={setOpened} />
      </Stack>
      {sheetNeeded && (
        <Suspense fallback={null}>
          <OperationDetailSheet accountId={account.id} entryId={opened} onClose={() => setOpened(null)} />
        </Suspense>
      )}
    </Stack>
  );
}
