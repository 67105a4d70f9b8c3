import { useState } from 'react';
import { Alert, Button, Center, Group, Loader, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import type { ScreeningAlertsQuery } from '@comptoir/contracts';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error.ts';
import { useScreeningAlerts } from '../../api/backoffice-screening.ts';
import { ManagePanel } from '../customers/ManagePanel.tsx';
import { AlertCard } from './AlertCard.tsx';

type AlertsStatus = ScreeningAlertsQuery['status'];
const STATUSES = ['open', 'closed'] as const satisfies readonly AlertsStatus[];
const isStatus = (value: string): value is AlertsStatus => (STATUSES as readonly string[]).includes(value);

/**
 * « Alertes »: the queue (open and proposed, oldest first) or the closed alerts, each with the
 * subject and the list entry side by side, the score and its explanation, and the decisions.
 */
export function AlertsTab() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<AlertsStatus>('open');
  const [customerId, setCustomerId] = useState<string | null>(null);
  const alerts = useScreeningAlerts(status);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <SegmentedControl
          aria-label={t('backofficeScreening.alerts.filter')}
          value={status}
          onChange={(value) => {
            if (isStatus(value)) setStatus(value);
          }}
          data={STATUSES.map((value) => ({
            value,
            label: t(`backofficeScreening.alerts.statuses.${value}`),
          }))}
        />
        <Button
          variant="default"
          size="sm"
          leftSection={<IconRefresh size={16} aria-hidden />}
          loading={alerts.isFetching && !alerts.isPending}
          onClick={() => void alerts.refetch()}
        >
          {t('backofficeScreening.page.refresh')}
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        {t(`backofficeScreening.alerts.hint.${status}`)}
      </Text>
      {alerts.isPending ? (
        <Center py="xl" role="status">
          <Loader size="sm" aria-label={t('backofficeScreening.alerts.loading')} />
        </Center>
      ) : alerts.isError ? (
        <Alert color="red" variant="light" role="alert">
          {t('backoffice.errors.withDetail', {
            message: isApiError(alerts.error) ? alerts.error.detail : t('backoffice.errors.generic'),
          })}
        </Alert>
      ) : alerts.data.items.length === 0 ? (
        <Text ta="center" py="xl" c="dimmed" data-testid="bo-screening-alerts-empty">
          {t(`backofficeScreening.alerts.empty.${status}`)}
        </Text>
      ) : (
        <Stack gap="md" component="ul" aria-label={t('backofficeScreening.alerts.list')} p={0} m={0}>
          {alerts.data.items.map((alert) => (
            <AlertCard key={alert.id} alert={alert} onOpenCustomer={setCustomerId} />
          ))}
        </Stack>
      )}
      {customerId && <ManagePanel customerId={customerId} onClose={() => setCustomerId(null)} />}
    </Stack>
  );
}
