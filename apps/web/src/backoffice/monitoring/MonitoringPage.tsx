import { useState } from 'react';
import { Stack, Text, Title } from '@mantine/core';
import type { MonitoringCasesQuery } from '@comptoir/contracts';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CasesList } from './CasesList.tsx';
import { CaseView } from './CaseView.tsx';

/**
 * « Surveillance » (docs/monitoring.md#cases, admin and compliance): the transaction-monitoring
 * cases, open or closed, and one case opened in their place (`?vue=surveillance&dossier=…`, kept
 * in the URL so a reload keeps it) with its hits, notes, timeline and decisions under four eyes.
 */
export function MonitoringPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [status, setStatus] = useState<MonitoringCasesQuery['status']>('open');
  const caseId = params.get('dossier');
  const show = (id: string | null) =>
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      if (id === null) next.delete('dossier');
      else next.set('dossier', id);
      return next;
    });

  return (
    <Stack gap="md" maw={1200} mx="auto">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 'h3', sm: 'h2' }}>
          {t('backofficeMonitoring.page.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('backofficeMonitoring.page.hint')}
        </Text>
      </Stack>
      {caseId ? (
        <CaseView caseId={caseId} onBack={() => show(null)} />
      ) : (
        <CasesList status={status} onStatus={setStatus} onOpen={show} />
      )}
    </Stack>
  );
}
