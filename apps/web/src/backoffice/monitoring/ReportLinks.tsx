import { Button, Group, Stack, Text } from '@mantine/core';
import { IconFileTypePdf, IconJson } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { monitoringReportUrl } from '../../api/backoffice-monitoring.ts';

/**
 * The suspicious-activity report's files: plain links the server answers as attachments (each
 * download audited before a byte leaves).
 */
export function ReportLinks({ caseId }: { caseId: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4} data-testid="bo-monitoring-report">
      <Text size="sm" fw={600}>
        {t('backofficeMonitoring.report.title')}
      </Text>
      <Group gap="xs" wrap="wrap">
        <Button
          component="a"
          href={monitoringReportUrl(caseId, 'pdf')}
          download
          size="sm"
          variant="default"
          leftSection={<IconFileTypePdf size={16} aria-hidden />}
          data-testid="bo-monitoring-report-pdf"
        >
          {t('backofficeMonitoring.report.pdf')}
        </Button>
        <Button
          component="a"
          href={monitoringReportUrl(caseId, 'json')}
          download
          size="sm"
          variant="default"
          leftSection={<IconJson size={16} aria-hidden />}
          data-testid="bo-monitoring-report-json"
        >
          {t('backofficeMonitoring.report.json')}
        </Button>
      </Group>
      <Text size="xs" c="dimmed">
        {t('backofficeMonitoring.report.hint')}
      </Text>
    </Stack>
  );
}
