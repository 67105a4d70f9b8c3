import { useState } from 'react';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { MONITORING_RULE_LABELS, type HeldCredit, type MonitoringHit } from '@comptoir/contracts';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../format.ts';
import { HeldConfirmation } from '../held-credits/HeldConfirmation.tsx';
import { Section } from '../Section.tsx';
import { OperationsTable } from './OperationsTable.tsx';

/**
 * Each hit of the case: its rule and version, the finding in French, the operations behind it; once
 * a credit is held from them, the confirmation with a link to « Virements retenus ».
 */
export function HitsSection({ hits }: { hits: readonly MonitoringHit[] }) {
  const { t } = useTranslation();
  const [held, setHeld] = useState<HeldCredit | null>(null);
  return (
    <Section
      title={t('backofficeMonitoring.hits.title')}
      hint={t('backofficeMonitoring.hits.hint')}
      testId="bo-monitoring-hits"
    >
      {held && <HeldConfirmation held={held} onClose={() => setHeld(null)} />}
      {hits.map((hit) => {
        const rule = MONITORING_RULE_LABELS[hit.rule];
        return (
          <Paper
            key={hit.id}
            bg="gray.0"
            radius="sm"
            p="sm"
            data-testid="bo-monitoring-hit"
            data-rule={hit.rule}
          >
            <Stack gap="xs">
              <div>
                <Title order={4} fz="h5">
                  {rule}
                </Title>
                <Text size="xs" c="dimmed">
                  {t('backofficeMonitoring.hits.version', {
                    version: hit.ruleVersion,
                    date: formatDateTime(hit.createdAt, t('backoffice.panel.dateFormat')),
                  })}
                </Text>
              </div>
              <Text size="sm" data-testid="bo-monitoring-hit-summary" style={{ overflowWrap: 'anywhere' }}>
                {hit.summary}
              </Text>
              <OperationsTable
                operations={hit.operations}
                label={t('backofficeMonitoring.hits.operations', { rule })}
                onHeld={setHeld}
              />
            </Stack>
          </Paper>
        );
      })}
    </Section>
  );
}
