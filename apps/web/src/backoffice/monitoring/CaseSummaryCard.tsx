import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import type { MonitoringCaseSummary } from '@comptoir/contracts';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../format.ts';
import { CaseStatusBadge } from './CaseStatusBadge.tsx';
import { customerName } from './monitoring-text.ts';
import { RuleBadges } from './RuleBadges.tsx';

/** One case of the list: the customer and their number, since when, the rules hit, the hits, the state. */
export function CaseSummaryCard({
  summary,
  onOpen,
}: {
  summary: MonitoringCaseSummary;
  onOpen: (caseId: string) => void;
}) {
  const { t } = useTranslation();
  const name = customerName(summary.customer) || t('backofficeMonitoring.case.anonymised');
  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      style={{ listStyle: 'none' }}
      data-testid="bo-monitoring-case"
      data-case={summary.id}
      data-status={summary.status}
    >
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Title order={2} fz="h4" style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Title>
            <Text size="sm" c="dimmed">
              {t('backofficeMonitoring.case.customerNumber', { number: summary.customer.customerNumber })}
              {' · '}
              {t('backofficeMonitoring.list.since', {
                date: formatDateTime(summary.openedAt, t('backoffice.panel.dateFormat')),
              })}
            </Text>
          </Stack>
          <CaseStatusBadge status={summary.status} decision={summary.decision} />
        </Group>
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="xs">
          <Stack gap={4} style={{ minWidth: 0 }}>
            <RuleBadges rules={summary.rules} label={t('backofficeMonitoring.list.rules')} />
            <Text size="sm" data-testid="bo-monitoring-hit-count">
              {t('backofficeMonitoring.list.hitCount', { count: summary.hitCount })}
            </Text>
          </Stack>
          <Button
            component="a"
            href={`?vue=surveillance&dossier=${encodeURIComponent(summary.id)}`}
            onClick={(event: React.MouseEvent) => {
              event.preventDefault();
              onOpen(summary.id);
            }}
            size="sm"
            variant="light"
            rightSection={<IconChevronRight size={16} aria-hidden />}
            aria-label={t('backofficeMonitoring.list.examineLabel', { name })}
          >
            {t('backofficeMonitoring.list.examine')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
