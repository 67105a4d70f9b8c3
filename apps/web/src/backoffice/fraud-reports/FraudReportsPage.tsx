import { useState } from 'react';
import { Stack, Text, Title } from '@mantine/core';
import type { FraudReportsQuery } from '@comptoir/contracts';
import { useTranslation } from 'react-i18next';
import { ManagePanel } from '../customers/ManagePanel.tsx';
import { FraudReportsList } from './FraudReportsList.tsx';

/**
 * « Fraudes signalées » (docs/fraud-reports.md, admin and compliance): the transfers customers
 * report as frauds, to decide (oldest first) or decided; the flagged IBANs' CSV; a customer's file
 * opens over the list.
 */
export function FraudReportsPage() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<FraudReportsQuery['status']>('submitted');
  const [customerId, setCustomerId] = useState<string | null>(null);

  return (
    <Stack gap="md" maw={1200} mx="auto">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 'h3', sm: 'h2' }}>
          {t('backofficeFraudReports.page.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('backofficeFraudReports.page.hint')}
        </Text>
      </Stack>
      <FraudReportsList status={status} onStatus={setStatus} onOpenCustomer={setCustomerId} />
      {customerId && <ManagePanel customerId={customerId} onClose={() => setCustomerId(null)} />}
    </Stack>
  );
}
