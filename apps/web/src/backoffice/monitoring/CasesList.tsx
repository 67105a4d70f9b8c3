import { Alert, Button, Center, Group, Loader, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import type { MonitoringCasesQuery } from '@comptoir/contracts';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error.ts';
import { useMonitoringCases } from '../../api/backoffice-monitoring.ts';
import { CaseSummaryCard } from './CaseSummaryCard.tsx';

type CasesStatus = MonitoringCasesQuery['status'];
const STATUSES = ['open', 'closed'] as const satisfies readonly CasesStatus[];
const isStatus = (value: string): value is CasesStatus => (STATUSES as readonly string[]).includes(value);

/**
 * The queue (open and proposed cases, oldest first) or the closed cases (newest first): who, since
 * when, which rules, how many hits, and the case's state; « Examiner » opens one.
 */
export function CasesList({
  status,
  onStatus,
  onOpen,
}: {
  status: CasesStatus;
  onStatus: (status: CasesStatus) => void;
  onOpen: (caseId: string) => void;
}) {
  const { t } = useTranslation();
  const cases = useMonitoringCases(status);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <SegmentedControl
          aria-label={t('backofficeMonitoring.list.filter')}
          value={status}
          onChange={(value) => {
            if (isStatus(value)) onStatus(value);
          }}
          data={STATUSES.map((value) => ({
            value,
            label: t(`backofficeMonitoring.list.statuses.${value}`),
          }))}
        />
        <Button
          variant="default"
          size="sm"
          leftSection={<IconRefresh size={16} aria-hidden />}
          loading={cases.isFetching && !cases.isPending}
          onClick={() => void cases.refetch()}
        >
          {t('backofficeMonitoring.page.refresh')}
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        {t(`backofficeMonitoring.list.hint.${status}`)}
      </Text>
      {cases.isPending ? (
        <Center py="xl" role="status">
          <Loader size="sm" aria-label={t('backofficeMonitoring.list.loading')} />
        </Center>
      ) : cases.isError ? (
        <Alert color="red" variant="light" role="alert">
          {t('backoffice.errors.withDetail', {
            message: isApiError(cases.error) ? cases.error.detail : t('backoffice.errors.generic'),
          })}
        </Alert>
      ) : cases.data.items.length === 0 ? (
        <Text ta="center" py="xl" c="dimmed" data-testid="bo-monitoring-cases-empty">
          {t(`backofficeMonitoring.list.empty.${status}`)}
        </Text>
      ) : (
        <Stack gap="sm" component="ul" aria-label={t('backofficeMonitoring.list.label')} p={0} m={0}>
          {cases.data.items.map((summary) => (
            <CaseSummaryCard key={summary.id} summary={summary} onOpen={onOpen} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
