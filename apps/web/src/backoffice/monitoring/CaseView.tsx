import { useState } from 'react';
import { Alert, Anchor, Center, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error.ts';
import { useMonitoringCase } from '../../api/backoffice-monitoring.ts';
import { ManagePanel } from '../customers/ManagePanel.tsx';
import { formatDateTime } from '../format.ts';
import { CaseStatusBadge } from './CaseStatusBadge.tsx';
import { CustomerFileSection } from './CustomerFileSection.tsx';
import { DecisionSection } from './DecisionSection.tsx';
import { HitsSection } from './HitsSection.tsx';
import { customerName } from './monitoring-text.ts';
import { NotesSection } from './NotesSection.tsx';
import { TimelineSection } from './TimelineSection.tsx';

/**
 * One case, opened in place of the list: the customer's file and the decision side by side on a
 * wide screen (stacked on a phone), the hits with their operations, the notes and the timeline.
 */
export function CaseView({ caseId, onBack }: { caseId: string; onBack: () => void }) {
  const { t } = useTranslation();
  const found = useMonitoringCase(caseId);
  const [customerId, setCustomerId] = useState<string | null>(null);
  const dateTime = (iso: string) => formatDateTime(iso, t('backoffice.panel.dateFormat'));

  const back = (
    <Anchor
      href="?vue=surveillance"
      size="sm"
      fw={600}
      onClick={(event: React.MouseEvent) => {
        event.preventDefault();
        onBack();
      }}
      style={{ alignSelf: 'flex-start' }}
    >
      <Group gap={4} component="span" wrap="nowrap">
        <IconArrowLeft size={16} aria-hidden />
        {t('backofficeMonitoring.case.back')}
      </Group>
    </Anchor>
  );

  if (found.isPending) {
    return (
      <Stack gap="md">
        {back}
        <Center py="xl" role="status">
          <Loader size="sm" aria-label={t('backofficeMonitoring.case.loading')} />
        </Center>
      </Stack>
    );
  }
  if (found.isError) {
    return (
      <Stack gap="md">
        {back}
        <Alert color="red" variant="light" role="alert">
          {t('backoffice.errors.withDetail', {
            message: isApiError(found.error) ? found.error.detail : t('backoffice.errors.generic'),
          })}
        </Alert>
      </Stack>
    );
  }

  const c = found.data;
  const name = customerName(c.customer) || t('backofficeMonitoring.case.anonymised');
  return (
    <Stack
      gap="md"
      data-testid="bo-monitoring-case-view"
      data-case={c.id}
      data-status={c.status}
      data-decision={c.decision?.kind ?? ''}
    >
      {back}
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Title order={2} fz="h3" style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Title>
          <Text size="sm" c="dimmed">
            {t('backofficeMonitoring.case.openedAt', {
              date: dateTime(c.openedAt),
              updated: dateTime(c.updatedAt),
            })}
          </Text>
        </Stack>
        <CaseStatusBadge status={c.status} decision={c.decision?.kind ?? null} />
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <CustomerFileSection customer={c.customer} onOpenCustomer={setCustomerId} />
        <DecisionSection monitoringCase={c} name={name} />
      </SimpleGrid>
      <HitsSection hits={c.hits} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <NotesSection monitoringCase={c} name={name} />
        <TimelineSection timeline={c.timeline} />
      </SimpleGrid>
      {customerId && <ManagePanel customerId={customerId} onClose={() => setCustomerId(null)} />}
    </Stack>
  );
}
